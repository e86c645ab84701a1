import { performance } from 'node:perf_hooks';

export interface ProgressPoint {
  /** Milliseconds since following began. */
  readonly atMs: number;
  readonly state: string;
  readonly progress: number;
}

export interface FollowedJob {
  /** Milliseconds from `startedAt` until `job(id)` first answered COMPLETED. */
  readonly elapsedMs: number;
  /** Every answer whose state or progress differed from the one before. */
  readonly points: ProgressPoint[];
  /** How many times `job(id)` was asked. */
  readonly polls: number;
}

const JOB = 'query($id: ID!) { job(id: $id) { state progress failedReason } }';

/**
 * Polls `job(id)` through the gateway as a frontend does, every `pollMs`,
 * until the job completes; each changed answer goes to `onChange` as it
 * arrives. Fails on a FAILED job, on an error answer and after `timeoutMs`.
 */
export async function followJob(options: {
  readonly url: string;
  readonly bearer: string;
  readonly jobId: string;
  /** performance.now() when the work was asked for: the clock the elapsed time runs from. */
  readonly startedAt: number;
  readonly pollMs: number;
  readonly timeoutMs: number;
  readonly onChange?: (point: ProgressPoint) => void;
}): Promise<FollowedJob> {
  const points: ProgressPoint[] = [];
  let polls = 0;
  for (;;) {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.bearer}` },
      body: JSON.stringify({ query: JOB, variables: { id: options.jobId } }),
    });
    polls++;
    const atMs = performance.now() - options.startedAt;
    const body = (await response.json()) as { data?: { job: { state: string; progress: number; failedReason: string | null } | null }; errors?: unknown };
    const job = body.data?.job;
    if (!job) throw new Error(`job(${options.jobId}) answered ${JSON.stringify(body.errors ?? body)}`);
    if (job.state === 'FAILED') throw new Error(`job ${options.jobId} failed: ${job.failedReason}`);
    const last = points[points.length - 1];
    if (!last || last.state !== job.state || last.progress !== job.progress) {
      const point = { atMs, state: job.state, progress: job.progress };
      points.push(point);
      options.onChange?.(point);
    }
    if (job.state === 'COMPLETED') return { elapsedMs: atMs, points, polls };
    if (atMs > options.timeoutMs) throw new Error(`job ${options.jobId} still ${job.state} at ${job.progress}% after ${Math.round(atMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}
