import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { BackgroundJob, toBackgroundJob } from '@scriptbook/platform/jobs/serving';
import { LeaderboardsService } from './leaderboards.service';

@Resolver()
export class LeaderboardsResolver {
  constructor(
    private readonly leaderboards: LeaderboardsService,
    private readonly jobs: JobDirectory,
  ) {}

  @Mutation(() => BackgroundJob, {
    description:
      "Recomputes a game's all-time leaderboard in the background; poll `job(id)` for progress. While a rebuild of the game " +
      'is queued or running, asking again returns that same job. Needs a token (UNAUTHENTICATED otherwise).',
  })
  async requestLeaderboardRebuild(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('gameId', { type: () => ID, description: 'A game id from `games`, e.g. `stalker-zs`.' }) gameId: string,
  ): Promise<BackgroundJob> {
    const id = await this.leaderboards.requestRebuild(gameId, player.playerId);
    return toBackgroundJob(await this.jobs.find(id, player));
  }
}
