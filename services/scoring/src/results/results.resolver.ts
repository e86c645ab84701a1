import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { ResultsService } from './results.service';
import { SubmitZoneSurvivalResultInput, SubmitZoneSurvivalResultPayload, ZoneSurvivalResult, ZoneSurvivalResultConnection } from './zone-survival-result.model';

@Resolver(() => ZoneSurvivalResult)
export class ResultsResolver {
  constructor(private readonly results: ResultsService) {}

  @Mutation(() => SubmitZoneSurvivalResultPayload, {
    description:
      'Records a finished Zone Survival game and scores it on the server with the rules engine. Needs a token (UNAUTHENTICATED otherwise). ' +
      'Every refusal is BAD_USER_INPUT naming the field and the rule, and stores nothing; too many submissions in a minute give RATE_LIMITED ' +
      'with `retryAfter`. Sending the same `clientSubmissionId` again returns the stored result and counts nothing twice.',
  })
  async submitZoneSurvivalResult(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The game: Scenario, Map, Stalkers, outcome and every counted card.' }) input: SubmitZoneSurvivalResultInput,
  ): Promise<SubmitZoneSurvivalResultPayload> {
    return { result: await this.results.submit(player.playerId, input) };
  }

  @Query(() => ZoneSurvivalResultConnection, { nullable: true, description: 'The caller\'s own Zone Survival results, newest first, hidden ones included. Needs a token.' })
  myResults(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<ZoneSurvivalResult>> {
    return this.results.mine(player.playerId, page.first, page.after);
  }
}
