import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { contentApp } from './content.app';

runService(contentApp);
