import { Injectable } from '@nestjs/common';
import { InjectQueue, JobStatus, NotFoundError, TypedQueue } from '@scriptbook/platform';
import { leaderboardRebuildQueue, LeaderboardRebuildPayload } from '../leaderboards/leaderboard-rebuild.queue';
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
  constructor(@InjectQueue(leaderboardRebuildQueue) private readonly rebuilds: TypedQueue<LeaderboardRebuildPayload>) {}

  async find(id: string): Promise<BackgroundJob> {
    const status = await this.rebuilds.status(id);
    if (!status) throw new NotFoundError('Job', id, 'id');
    return toBackgroundJob(status);
  }
}
