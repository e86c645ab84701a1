import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { campaignsApp } from './campaigns.app';

runService(campaignsApp);
