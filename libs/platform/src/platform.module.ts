import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TokenService } from './auth/token.service';
import { BaseConfig } from './config/config';
import { APP_CONFIG, SERVICE_NAME } from './config/config.tokens';
import { PlatformExceptionFilter } from './errors/graphql-exception.filter';
import { HealthController } from './health/health.controller';
import { HealthRegistry } from './health/health.registry';
import type { Logger } from './logging/logger';
import { LOGGER } from './logging/logger.token';
import { WorkerRegistry } from './queues/queue-processor';

export interface PlatformContext {
  readonly service: string;
  readonly config: BaseConfig;
  readonly logger: Logger;
}

/**
 * What every process gets, API or worker: its validated configuration,
 * logger, token verification, health endpoints, the exception filter that
 * makes every request get an answer, and the registry that lets shutdown
 * drain workers first. Metrics are served by the bootstrap on their own port.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(context: PlatformContext): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: context.config },
      { provide: SERVICE_NAME, useValue: context.service },
      { provide: LOGGER, useValue: context.logger },
      HealthRegistry,
      TokenService,
      WorkerRegistry,
    ];
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [...providers, { provide: APP_FILTER, useClass: PlatformExceptionFilter }],
      exports: providers.map((provider) => ('provide' in provider ? provider.provide : provider)),
    };
  }
}
