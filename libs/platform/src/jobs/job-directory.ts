import { Queue } from 'bullmq';
import type { RedisClient } from '../redis/redis-connection';
import { hashTag } from '../redis/redis-slots';
import type { AuthenticatedPlayer } from '../auth/current-player.decorator';
import { NotFoundError } from '../errors/domain-errors';
import type { MembershipReader } from '../membership/membership-reader';
import { JobStatus, readJobStatus } from '../queues/typed-queue';
import type { JobAudience } from './job-audience';

/** Outlives the longest a finished job is kept (failed ones: a week), so access never ends before the job does. */
const RECORD_TTL_SECONDS = 8 * 24 * 3600;

/** Job ids are UUIDs or short derived keys; anything longer is not one, and is not worth a Redis round trip. */
const MAX_JOB_ID_LENGTH = 256;

const QUEUE_FIELD = 'queue';
const GROUP_FIELD = 'group';

/**
 * Where every background job of the platform can be found, and who may read
 * it. The service that queues a job records it here (its queue and its
 * audience); the one `job(id)` query then finds it in whichever queue holds
 * it. BullMQ queues of every service share one Redis under one prefix, so a
 * queue object per recorded name reads any of them.
 *
 * A record is a Redis hash (queue name, and the group for a group audience)
 * plus a set of player ids; recording again adds to both, so the audiences
 * of a job accumulate.
 */
export class JobDirectory {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly redis: RedisClient,
    private readonly membership: MembershipReader,
    private readonly prefix: string,
    /** BullMQ's prefix for a queue, which on a cluster names the queue (see queuePrefix). */
    private readonly queuePrefixOf: (queueName: string) => string = () => prefix,
  ) {}

  /**
   * Makes a queued job readable by `audience`. Call it after the job is
   * added (with the id BullMQ returned, which is an existing job's id when
   * the request joined one), before returning the job to the caller.
   */
  async record(jobId: string, queueName: string, audience: JobAudience): Promise<void> {
    const key = this.key(jobId);
    const players = this.playersKey(jobId);
    const write = this.redis.multi().hset(key, QUEUE_FIELD, queueName);
    if (audience.kind === 'group') write.hset(key, GROUP_FIELD, audience.groupId);
    else if (audience.playerIds.length > 0) write.sadd(players, ...audience.playerIds).expire(players, RECORD_TTL_SECONDS);
    await write.expire(key, RECORD_TTL_SECONDS).exec();
  }

  /**
   * The job for a member of its audience. Anyone else, signed in or not,
   * hears that it does not exist: the same answer as for an id never used,
   * so a caller cannot even learn that a job is there.
   */
  async find(jobId: string, viewer: AuthenticatedPlayer | null, field = 'id'): Promise<JobStatus> {
    const [found] = await this.visible([jobId], viewer, field);
    if (found instanceof Error) throw found;
    return found;
  }

  /** One answer per id, in order: the job, or the NOT_FOUND error for that id. */
  visible(jobIds: readonly string[], viewer: AuthenticatedPlayer | null, field = 'id'): Promise<(JobStatus | Error)[]> {
    return Promise.all(
      jobIds.map(async (jobId) => (await this.readFor(jobId, viewer)) ?? new NotFoundError('Job', jobId, field)),
    );
  }

  /** Closes the queue objects; the Redis connection belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }

  private async readFor(jobId: string, viewer: AuthenticatedPlayer | null): Promise<JobStatus | null> {
    if (viewer === null || jobId.length === 0 || jobId.length > MAX_JOB_ID_LENGTH) return null;
    const replies = await this.redis.multi().hgetall(this.key(jobId)).sismember(this.playersKey(jobId), viewer.playerId).exec();
    const failed = replies?.find(([error]) => error)?.[0];
    if (!replies || failed) throw failed ?? new Error('the job directory read was aborted');
    const record = replies[0][1] as Record<string, string>;
    const asked = replies[1][1] as number;
    const queueName = record[QUEUE_FIELD];
    if (!queueName) return null;
    const group = record[GROUP_FIELD];
    const allowed = asked === 1 || (group !== undefined && (await this.membership.isMember(group, viewer.playerId)));
    if (!allowed) return null;
    return readJobStatus(this.queueNamed(queueName), jobId);
  }

  private queueNamed(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      // Shares the service's connection: reading a job needs no blocking commands.
      queue = new Queue(name, { connection: this.redis, prefix: this.queuePrefixOf(name) });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** The job id is a hash tag: a record and its players are written and read in one MULTI, which a cluster allows within one slot. */
  private key(jobId: string): string {
    return `${this.prefix}:job-directory:${hashTag(jobId)}`;
  }

  private playersKey(jobId: string): string {
    return `${this.key(jobId)}:players`;
  }
}
