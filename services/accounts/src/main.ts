import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { accountsApp } from './accounts.app';

runService(accountsApp);
