import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { campaignsWorkerApp } from './campaigns.app';

runService(campaignsWorkerApp);
