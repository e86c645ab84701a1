import { Injectable } from '@nestjs/common';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { InjectQueue, TypedQueue } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { randomUUID } from 'node:crypto';
import { leaderboardRebuildQueue, LeaderboardRebuildPayload } from './leaderboard-rebuild.queue';

@Injectable()
export class LeaderboardsService {
  constructor(
    @InjectQueue(leaderboardRebuildQueue) private readonly rebuilds: TypedQueue<LeaderboardRebuildPayload>,
    private readonly content: ContentLibrary,
    private readonly jobs: JobDirectory,
  ) {}

  /**
   * One rebuild per game at a time: a request while one is queued or running
   * joins it (BullMQ deduplication gives back the same job id) instead of
   * queueing duplicate work. Job ids are random UUIDs, so one cannot be
   * guessed from another, and every player who asked may read the job.
   */
  async requestRebuild(gameId: string, requestedBy: string): Promise<string> {
    requireGameId(this.content, gameId, 'gameId');
    const jobId = await this.rebuilds.add(
      'leaderboard-rebuild',
      { gameId, requestedBy },
      { jobId: randomUUID(), deduplication: { id: `rebuild:${gameId}` } },
    );
    await this.jobs.record(jobId, leaderboardRebuildQueue.name, { kind: 'players', playerIds: [requestedBy] });
    return jobId;
  }
}
