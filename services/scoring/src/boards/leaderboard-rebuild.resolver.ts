import { Type } from '@nestjs/common';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { AuthenticatedPlayer, BadUserInputError, CurrentPlayer } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { BackgroundJob, toBackgroundJob } from '@scriptbook/platform/jobs/serving';
import { ScoredGames } from '../games/scored-games';
import { ScoringTypes } from '../games/scoring-types';
import { AdminAccess } from '../results/admin-access';
import { ADMIN_ONLY } from './board-jobs.resolver';
import { BoardJobsService } from './board-jobs.service';

/** docs/api.md "Deprecation policy": served as the live boards' rebuild until this date. */
const DEPRECATED = '2026-12-01';
const REMOVED_AFTER = '2027-06-01';

/**
 * `requestLeaderboardRebuild(gameId)` rebuilt a board nothing wrote or read.
 * Until it is removed it asks for the named game's live boards to be rebuilt:
 * the same job, and the same administrators, as the game's own rebuild
 * mutation, which replaces it.
 */
export function leaderboardRebuildResolver(scored: readonly ScoringTypes[]): Type<unknown> {
  const replacements = scored.map((types) => `\`${types.names.mutations.rebuild}\` for ${types.gameId}`).join(', ');

  @Resolver()
  class LeaderboardRebuildResolver {
    constructor(
      private readonly games: ScoredGames,
      private readonly content: ContentLibrary,
      private readonly boardJobs: BoardJobsService,
      private readonly jobs: JobDirectory,
      private readonly admins: AdminAccess,
    ) {}

    @Mutation(() => BackgroundJob, {
      deprecationReason: `Use \`${scored[0].names.mutations.rebuild}\` instead. Deprecated ${DEPRECATED}, removed after ${REMOVED_AFTER}.`,
      description:
        `Rebuilds a game's boards from its stored results in the background, as the game's own rebuild mutation does (${replacements}); poll \`job(id)\` for progress. ` +
        `BAD_USER_INPUT on \`gameId\` for an unknown game (rule \`known-game\`) or one whose results are not ranked (\`scored-game\`). ${ADMIN_ONLY}`,
    })
    async requestLeaderboardRebuild(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('gameId', { type: () => ID, description: `A game id from \`games\` whose results are ranked, e.g. \`${scored[0].gameId}\`.` }) gameId: string,
    ): Promise<BackgroundJob> {
      this.admins.require(player);
      requireGameId(this.content, gameId, 'gameId');
      const game = this.games.find(gameId);
      if (!game) throw new BadUserInputError('gameId', 'scored-game', `gameId: the results of ${gameId} are not ranked; these are: ${this.games.all().map((g) => g.id).join(', ')}`);
      return toBackgroundJob(await this.jobs.find(await this.boardJobs.request(game, 'rebuild', player.playerId), player));
    }
  }
  return LeaderboardRebuildResolver;
}
