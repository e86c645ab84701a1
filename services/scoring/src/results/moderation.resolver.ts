import { Type } from '@nestjs/common';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { ScoredGames } from '../games/scored-games';
import { ScoringTypes } from '../games/scoring-types';
import { AdminAccess } from './admin-access';
import { ModerationService } from './moderation.service';
import { ServedResult } from './result-mapping';

export function moderationResolver(types: ScoringTypes): Type<unknown> {
  const { gameId, names } = types;

  @Resolver()
  class ModerationResolver {
    constructor(
      private readonly moderation: ModerationService,
      private readonly admins: AdminAccess,
      private readonly games: ScoredGames,
    ) {}

    @Mutation(() => types.result, {
      name: names.mutations.hide,
      description:
        "Hides a result from every board (or shows it again); the player's next best result takes its place at once. For scoring administrators: " +
        'UNAUTHENTICATED without a token, FORBIDDEN (rule `scoring-admin`) for anyone else, NOT_FOUND on `id` for an unknown result.',
    })
    async setHidden(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('id', { type: () => ID, description: 'The result, e.g. from a leaderboard entry.' }) id: string,
      @Args('hidden', { description: 'True to hide it, false to show it again.' }) hidden: boolean,
    ): Promise<ServedResult> {
      this.admins.require(player);
      return this.moderation.setHidden(this.games.get(gameId), id, hidden);
    }
  }
  return ModerationResolver;
}
