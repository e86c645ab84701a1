import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AuthenticatedPlayer, BaseConfig, InjectQueue, JobStatus, NotFoundError, REDIS_CLIENT, TypedQueue } from '@scriptbook/platform';
import { ZsBoardJobPayload, zsBoardJobsQueue } from '../boards/board-jobs.queue';
import { leaderboardRebuildQueue, LeaderboardRebuildPayload } from '../leaderboards/leaderboard-rebuild.queue';
import { JobAccess } from './job-access';
import { BackgroundJob, JobState } from './job.model';

const STATES: Record<string, JobState> = {
  waiting: JobState.WAITING,
  prioritized: JobState.WAITING,
  'waiting-children': JobState.WAITING,
  delayed: JobState.DELAYED,
  active: JobState.ACTIVE,
  completed: JobState.COMPLETED,
  failed: JobState.FAILED,
};

/** Job ids are UUIDs; anything longer is not one, and is not worth a Redis round trip. */
const MAX_JOB_ID_LENGTH = 64;

export function toBackgroundJob(status: JobStatus): BackgroundJob {
  return {
    id: status.id,
    kind: status.name,
    state: STATES[status.state] ?? JobState.UNKNOWN,
    progress: Math.round(status.progress),
    attemptsMade: status.attemptsMade,
    failedReason: status.failedReason,
    createdAt: status.createdAt,
    finishedAt: status.finishedAt,
  };
}

@Injectable()
export class JobsService {
  private readonly access: JobAccess;

  constructor(
    @InjectQueue(leaderboardRebuildQueue) private readonly rebuilds: TypedQueue<LeaderboardRebuildPayload>,
    @InjectQueue(zsBoardJobsQueue) private readonly boardJobs: TypedQueue<ZsBoardJobPayload>,
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(APP_CONFIG) config: BaseConfig,
  ) {
    this.access = new JobAccess(redis, config.REDIS_PREFIX);
  }

  /** Records that `playerId` asked for the job, so `find` will show it to them. */
  grant(jobId: string, playerId: string): Promise<void> {
    return this.access.grant(jobId, playerId);
  }

  /**
   * A job for one of the players who asked for it. Anyone else, signed in or
   * not, hears that it does not exist: the same answer as for an id never
   * used, so a caller cannot even learn that a job is there.
   */
  async find(id: string, viewer: AuthenticatedPlayer | null): Promise<BackgroundJob> {
    const allowed = viewer !== null && id.length <= MAX_JOB_ID_LENGTH && (await this.access.allows(id, viewer.playerId));
    // Job ids are random UUIDs across queues, so at most one queue knows an id.
    const status = allowed ? ((await this.rebuilds.status(id)) ?? (await this.boardJobs.status(id))) : null;
    if (!status) throw new NotFoundError('Job', id, 'id');
    return toBackgroundJob(status);
  }
}
