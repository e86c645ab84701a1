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
    description: "Recomputes a game's all-time leaderboard in the background; poll `job(id)` for progress.",
  })
  async requestLeaderboardRebuild(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('gameId', { type: () => ID, description: 'A game id from `games`, e.g. `stalker-zs`.' }) gameId: string,
  ): Promise<BackgroundJob> {
    const id = await this.leaderboards.requestRebuild(gameId, player.playerId);
    return this.jobs.find(id);
  }

  @Query(() => BackgroundJob, { description: 'A background job by id; NOT_FOUND once it has expired.' })
  job(@Args('id', { type: () => ID }) id: string): Promise<BackgroundJob> {
    return this.jobs.find(id);
  }
}
