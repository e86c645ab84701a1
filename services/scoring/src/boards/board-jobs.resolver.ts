import { Type } from '@nestjs/common';
import { Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { BackgroundJob, toBackgroundJob } from '@scriptbook/platform/jobs/serving';
import { ScoredGames } from '../games/scored-games';
import { RequestedBoardJob } from '../games/scoring-names';
import { ScoringTypes } from '../games/scoring-types';
import { AdminAccess } from '../results/admin-access';
import { BoardJobsService } from './board-jobs.service';

export const ADMIN_ONLY = 'For scoring administrators: UNAUTHENTICATED without a token, FORBIDDEN (rule `scoring-admin`) for anyone else.';

/** The board jobs an administrator starts for a game. */
export function boardJobsResolver(types: ScoringTypes): Type<unknown> {
  const { gameId, names } = types;

  @Resolver()
  class BoardJobsResolver {
    constructor(
      private readonly boardJobs: BoardJobsService,
      private readonly jobs: JobDirectory,
      private readonly admins: AdminAccess,
      private readonly games: ScoredGames,
    ) {}

    @Mutation(() => BackgroundJob, {
      name: names.mutations.rebuild,
      description:
        `Rebuilds every ${names.title} board from the stored results in the background (after a Redis flush, say); readers see the old boards until the new ones are complete. ` +
        `Poll \`job(id)\` for progress (kind \`${names.jobKind('rebuild')}\`). While a rebuild or rescore is queued or running, asking again returns that job. ${ADMIN_ONLY}`,
    })
    rebuild(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
      return this.start('rebuild', player);
    }

    @Mutation(() => BackgroundJob, {
      name: names.mutations.rescore,
      description:
        'Scores every stored result again with the current rules and content (results of an older score version), then rebuilds the boards. ' +
        `Poll \`job(id)\` for progress (kind \`${names.jobKind('rescore')}\`). ${ADMIN_ONLY}`,
    })
    rescore(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
      return this.start('rescore', player);
    }

    @Mutation(() => BackgroundJob, {
      name: names.mutations.rollover,
      description: `Drops the boards of ended seasons and weeks now (the worker also does so every hour). Poll \`job(id)\` (kind \`${names.jobKind('season-rollover')}\`). ${ADMIN_ONLY}`,
    })
    rollover(@CurrentPlayer() player: AuthenticatedPlayer): Promise<BackgroundJob> {
      return this.start('season-rollover', player);
    }

    private async start(kind: RequestedBoardJob, player: AuthenticatedPlayer): Promise<BackgroundJob> {
      this.admins.require(player);
      return toBackgroundJob(await this.jobs.find(await this.boardJobs.request(this.games.get(gameId), kind, player.playerId), player));
    }
  }
  return BoardJobsResolver;
}
