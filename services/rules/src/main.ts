import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { rulesApp } from './rules.app';

runService(rulesApp);
