import type Redis from 'ioredis';

/** Outlives the longest a finished job is kept (failed ones: a week), so access never ends before the job does. */
const ACCESS_TTL_SECONDS = 8 * 24 * 3600;

/**
 * Which players may read a background job: those who asked for it. A set
 * per job rather than one requester on the job, because a second request
 * for the same work joins the queued job, and that player must see it too.
 */
export class JobAccess {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async grant(jobId: string, playerId: string): Promise<void> {
    const key = this.key(jobId);
    await this.redis.multi().sadd(key, playerId).expire(key, ACCESS_TTL_SECONDS).exec();
  }

  async allows(jobId: string, playerId: string): Promise<boolean> {
    return (await this.redis.sismember(this.key(jobId), playerId)) === 1;
  }

  private key(jobId: string): string {
    return `${this.prefix}:job-access:${jobId}`;
  }
}
