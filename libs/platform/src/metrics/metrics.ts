import { ApolloServerPlugin } from '@apollo/server';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process: the service's /metrics endpoint serves it. */
export const metricsRegistry = new Registry();
let defaultsCollected = false;

export function initMetrics(service: string): void {
  if (defaultsCollected) return;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
  defaultsCollected = true;
}

const operations = new Counter({
  name: 'graphql_operations_total',
  help: 'GraphQL operations handled, by type and outcome',
  labelNames: ['operation', 'outcome'] as const,
  registers: [metricsRegistry],
});

const durations = new Histogram({
  name: 'graphql_operation_duration_seconds',
  help: 'Time from request received to response sent',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const jobsProcessed = new Counter({
  name: 'queue_jobs_total',
  help: 'Background jobs finished, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Counts and times every operation; cheap enough to keep on in production. */
export function metricsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const stop = durations.startTimer();
      return {
        async willSendResponse(context) {
          const operation = context.operation?.operation ?? 'unknown';
          const outcome = context.errors?.length ? 'error' : 'ok';
          operations.inc({ operation, outcome });
          stop({ operation });
        },
      };
    },
  };
}
