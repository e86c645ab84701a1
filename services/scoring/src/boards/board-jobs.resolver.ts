import { Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { BackgroundJob } from '../jobs/job.model';
import { JobsService } from '../jobs/jobs.service';
import { BoardJobsService } from './board-jobs.service';

@Resolver()
export class BoardJobsResolver {
  constructor(
    private readonly boardJobs: BoardJobsService,
    private readonly jobs: JobsService,
  ) {}

  @Mutation(() => BackgroundJob, {
    description:
      'Rebuilds every Zone Survival board from the stored results in the background (after a Redis flush, say); readers see the old boards until the new ones are complete. ' +
      'Poll `job(id)` for progress (kind `zs-boards-rebuild`). While one is queued or running, asking again returns that job. Needs a token.',
  })
  async requestZoneSurvivalBoardsRebuild(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
    return this.jobs.find(await this.boardJobs.requestRebuild(player.playerId), player);
  }
}
