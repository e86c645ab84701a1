import { JobsOptions, Queue } from 'bullmq';
import { parseInput } from '../errors/parse-input';
import { DEFAULT_JOB_OPTIONS, QueueDefinition } from './queue-definition';

export type JobState = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'prioritized' | 'waiting-children' | 'unknown';

export interface JobStatus {
  readonly id: string;
  readonly name: string;
  readonly state: JobState;
  /** 0 to 100. */
  readonly progress: number;
  readonly attemptsMade: number;
  readonly failedReason: string | null;
  readonly returnValue: unknown;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** A producer for one queue that only accepts payloads its definition allows. */
export class TypedQueue<P> {
  constructor(
    readonly definition: QueueDefinition<P>,
    readonly queue: Queue,
  ) {}

  async add(jobName: string, payload: P, options: JobsOptions = {}): Promise<string> {
    const valid = parseInput(this.definition.payload, payload, 'payload');
    const job = await this.queue.add(jobName, valid, { ...DEFAULT_JOB_OPTIONS, ...this.definition.jobOptions, ...options });
    return job.id!;
  }

  status(id: string): Promise<JobStatus | null> {
    return readJobStatus(this.queue, id);
  }
}

/** Where a job of `queue` stands, or null when the queue does not know the id (never used, or trimmed). */
export async function readJobStatus(queue: Queue, id: string): Promise<JobStatus | null> {
  const job = await queue.getJob(id);
  if (!job) return null;
  const state = (await job.getState()) as JobState;
  const progress = typeof job.progress === 'number' ? job.progress : 0;
  return {
    id: job.id!,
    name: job.name,
    state,
    progress,
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason || null,
    returnValue: job.returnvalue ?? null,
    createdAt: new Date(job.timestamp),
    finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
  };
}
