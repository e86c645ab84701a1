import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { AdminAccess } from './admin-access';
import { ModerationService } from './moderation.service';
import { ZoneSurvivalResult } from './zone-survival-result.model';

@Resolver()
export class ModerationResolver {
  constructor(
    private readonly moderation: ModerationService,
    private readonly admins: AdminAccess,
  ) {}

  @Mutation(() => ZoneSurvivalResult, {
    description:
      'Hides a result from every board (or shows it again); the player\'s next best result takes its place at once. For scoring administrators: ' +
      'UNAUTHENTICATED without a token, FORBIDDEN (rule `scoring-admin`) for anyone else, NOT_FOUND on `id` for an unknown result.',
  })
  async setZoneSurvivalResultHidden(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('id', { type: () => ID, description: 'The result, e.g. from a leaderboard entry.' }) id: string,
    @Args('hidden', { description: 'True to hide it, false to show it again.' }) hidden: boolean,
  ): Promise<ZoneSurvivalResult> {
    this.admins.require(player);
    return this.moderation.setHidden(id, hidden);
  }
}
