import { Injectable } from '@nestjs/common';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { InjectQueue, TypedQueue } from '@scriptbook/platform';
import { leaderboardRebuildQueue, LeaderboardRebuildPayload } from './leaderboard-rebuild.queue';

@Injectable()
export class LeaderboardsService {
  constructor(
    @InjectQueue(leaderboardRebuildQueue) private readonly rebuilds: TypedQueue<LeaderboardRebuildPayload>,
    private readonly content: ContentLibrary,
  ) {}

  /**
   * One rebuild per game at a time: a request while one is queued or running
   * joins it (same job id) instead of queueing duplicate work.
   */
  async requestRebuild(gameId: string, requestedBy: string): Promise<string> {
    requireGameId(this.content, gameId, 'gameId');
    return this.rebuilds.add('leaderboard-rebuild', { gameId, requestedBy }, { deduplication: { id: `rebuild:${gameId}` } });
  }
}
