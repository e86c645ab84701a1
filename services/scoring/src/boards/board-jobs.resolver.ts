import { Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { BackgroundJob, toBackgroundJob } from '@scriptbook/platform/jobs/serving';
import { AdminAccess } from '../results/admin-access';
import { BoardJobsService, RequestedBoardJob } from './board-jobs.service';

const ADMIN_ONLY = 'For scoring administrators: UNAUTHENTICATED without a token, FORBIDDEN (rule `scoring-admin`) for anyone else.';

@Resolver()
export class BoardJobsResolver {
  constructor(
    private readonly boardJobs: BoardJobsService,
    private readonly jobs: JobDirectory,
    private readonly admins: AdminAccess,
  ) {}

  @Mutation(() => BackgroundJob, {
    description:
      'Rebuilds every Zone Survival board from the stored results in the background (after a Redis flush, say); readers see the old boards until the new ones are complete. ' +
      `Poll \`job(id)\` for progress (kind \`zs-boards-rebuild\`). While a rebuild or rescore is queued or running, asking again returns that job. ${ADMIN_ONLY}`,
  })
  requestZoneSurvivalBoardsRebuild(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
    return this.start('rebuild', player);
  }

  @Mutation(() => BackgroundJob, {
    description:
      'Scores every stored result again with the current rules and card catalogue (results of an older score version), then rebuilds the boards. ' +
      `Poll \`job(id)\` for progress (kind \`zs-boards-rescore\`). ${ADMIN_ONLY}`,
  })
  requestZoneSurvivalRescore(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
    return this.start('rescore', player);
  }

  @Mutation(() => BackgroundJob, {
    description: `Drops the boards of ended seasons and weeks now (the worker also does so every hour). Poll \`job(id)\` (kind \`zs-boards-season-rollover\`). ${ADMIN_ONLY}`,
  })
  requestZoneSurvivalSeasonRollover(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
    return this.start('season-rollover', player);
  }

  private async start(kind: RequestedBoardJob, player: AuthenticatedPlayer): Promise<BackgroundJob> {
    this.admins.require(player);
    return toBackgroundJob(await this.jobs.find(await this.boardJobs.request(kind, player.playerId), player));
  }
}
