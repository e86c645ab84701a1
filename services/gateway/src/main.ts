import 'reflect-metadata';
import { runService } from '@scriptbook/platform';
import { gatewayApp } from './gateway.app';

runService(gatewayApp);
