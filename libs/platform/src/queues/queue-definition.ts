import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/**
 * A queue's contract: its name and the shape of its job payloads. The owning
 * service declares it once; producers and the worker both validate against it.
 */
export interface QueueDefinition<P> {
  readonly name: string;
  readonly payload: z.ZodType<P, z.ZodTypeDef, unknown>;
  readonly jobOptions?: JobsOptions;
}

export function defineQueue<S extends z.ZodTypeAny>(
  name: string,
  payload: S,
  jobOptions?: JobsOptions,
): QueueDefinition<z.infer<S>> {
  return { name, payload, jobOptions };
}

/**
 * BullMQ delivers at least once, so every job retries with backoff and every
 * processor must be idempotent. Finished jobs are kept long enough for
 * clients to read their outcome, then trimmed.
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
