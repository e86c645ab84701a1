import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { scoringApp } from './scoring.app';

runService(scoringApp);
