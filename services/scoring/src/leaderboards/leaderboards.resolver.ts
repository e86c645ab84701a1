import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { BackgroundJob } from '../jobs/job.model';
import { JobsService } from '../jobs/jobs.service';
import { LeaderboardsService } from './leaderboards.service';

@Resolver()
export class LeaderboardsResolver {
  constructor(
    private readonly leaderboards: LeaderboardsService,
    private readonly jobs: JobsService,
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
    return this.jobs.find(id, player);
  }

  @Query(() => BackgroundJob, {
    nullable: true,
    description:
      'A background job the caller asked for. NOT_FOUND for a job of someone else, for a caller without a token, ' +
      'for an id that never existed and once the job has expired (a day after it completed, a week after it failed).',
  })
  job(
    @CurrentPlayer({ optional: true }) player: AuthenticatedPlayer | null,
    @Args('id', { type: () => ID, description: 'The id `requestLeaderboardRebuild` (or another job-starting mutation) returned.' }) id: string,
  ): Promise<BackgroundJob> {
    return this.jobs.find(id, player);
  }
}
