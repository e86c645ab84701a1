import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { scoringWorkerApp } from './scoring.app';

runService(scoringWorkerApp);
