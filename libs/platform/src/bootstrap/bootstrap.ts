import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { BaseConfig, ConfigError, readConfig } from '../config/config';
import { HealthRegistry } from '../health/health.registry';
import { createLogger, Logger, PinoNestLogger } from '../logging/logger';
import { warningsAsLogLines } from './process-warnings';
import { initMetrics } from '../metrics/metrics';
import { applyHttpTimeouts, HttpTimeouts, MetricsServer, startMetricsServer } from '../metrics/metrics-server';
import { PlatformModule } from '../platform.module';
import { WorkerRegistry } from '../queues/queue-processor';
import { answerClientErrors } from './client-errors';
import { keepRawBody } from './raw-body';

export interface ServiceDefinition<S extends z.ZodTypeAny> {
  /** `accounts`, `scoring-worker`, ...: names logs, metrics and the SQLite file. */
  readonly name: string;
  readonly module: Type | DynamicModule;
  readonly configSchema: S;
  /** Largest request body accepted, e.g. `100kb`. */
  bodyLimit?(config: z.infer<S> & BaseConfig): string;
  /** Last-minute wiring of the HTTP app (CORS, extra middleware). */
  configure?(app: NestExpressApplication, config: z.infer<S> & BaseConfig): void;
}

export interface RunningService<C = BaseConfig> {
  readonly app: INestApplication;
  readonly config: C;
  readonly logger: Logger;
  readonly url: string;
  /** Where this process serves `/metrics`: a port of its own, never the public one. */
  readonly metricsUrl: string;
  /** The same ordered shutdown a SIGTERM triggers. */
  stop(): Promise<void>;
}

/**
 * Starts an API or a worker process: validated configuration, logging,
 * health and metrics, then listen. Used by every entrypoint and by tests,
 * so what the tests start is what production runs.
 *
 * Every answer the public port gives carries `X-Content-Type-Options:
 * nosniff`, every connection is bounded in time (headers, whole request,
 * idle keep-alive), what Node's parser refuses (a URL over the header
 * limit) is answered in the API's error shape, and the body parser keeps
 * the raw bytes that gateway signatures cover.
 */
export async function startService<S extends z.ZodTypeAny>(
  definition: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<z.infer<S> & BaseConfig>> {
  const { config, notices } = readConfig(definition.name, definition.configSchema, env);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  for (const notice of notices) logger.warn(notice);
  initMetrics(definition.name);
  const timeouts: HttpTimeouts = {
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };

  @Module({ imports: [PlatformModule.forRoot({ service: definition.name, config: config as BaseConfig, logger }), definition.module] })
  class ServiceRootModule {}

  const app = await NestFactory.create<NestExpressApplication>(ServiceRootModule, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  app.use(noSniff);
  app.useBodyParser('json', { limit: definition.bodyLimit?.(config) ?? '1mb', verify: keepRawBody });
  app.disable('x-powered-by');
  definition.configure?.(app, config);
  applyHttpTimeouts(app.getHttpServer() as Server, timeouts);
  answerClientErrors(app.getHttpServer() as Server);
  await app.listen(config.PORT, config.HOST);

  let metrics: MetricsServer;
  try {
    metrics = await startMetricsServer(config.HOST, config.METRICS_PORT, timeouts);
  } catch (error) {
    await app.close();
    throw error;
  }

  const address = (app.getHttpServer() as Server).address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = `http://${host}:${address.port}`;
  logger.info({ url, metricsUrl: `${metrics.url}/metrics` }, `${definition.name} listening`);

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shutDown(app, metrics, logger, config.SHUTDOWN_TIMEOUT_MS));
  return { app, config, logger, url, metricsUrl: `${metrics.url}/metrics`, stop };
}

function noSniff(_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
}

/**
 * Ordered and bounded: report not-ready, stop accepting and let in-flight
 * requests finish, drain workers (running jobs complete), then close queues,
 * Redis and the database through the modules' shutdown hooks.
 */
async function shutDown(app: INestApplication, metrics: MetricsServer, logger: Logger, timeoutMs: number): Promise<void> {
  const sequence = async () => {
    app.get(HealthRegistry).markShuttingDown();
    const server = app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.get(WorkerRegistry).closeAll();
    await app.close();
    // Last, so the final counts stay scrapeable while the rest drains.
    await metrics.close();
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  const outcome = await Promise.race([sequence().then(() => 'done' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'timeout') throw new Error(`shutdown did not finish within ${timeoutMs} ms`);
  logger.info('stopped');
}

/**
 * The entrypoint of a process: start, stop on SIGTERM or SIGINT, and exit
 * non-zero with every configuration problem listed if it cannot start.
 */
export function runService<S extends z.ZodTypeAny>(definition: ServiceDefinition<S>): void {
  const logWarnings = warningsAsLogLines();
  startService(definition).then(
    (running) => {
      logWarnings(running.logger);
      const onSignal = (signal: NodeJS.Signals) => {
        running.logger.info({ signal }, 'shutting down');
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            running.logger.error({ err: error }, 'forced exit');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
    },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        process.stderr.write(`${definition.name} failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
      }
      process.exit(1);
    },
  );
}
