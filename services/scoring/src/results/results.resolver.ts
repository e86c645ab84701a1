import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs, RequestContext, requestLoader } from '@scriptbook/platform';
import { ResultsService } from './results.service';
import { ScoreBreakdown, SubmitZoneSurvivalResultInput, SubmitZoneSurvivalResultPayload, ZoneSurvivalResult, ZoneSurvivalResultConnection } from './zone-survival-result.model';

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

  @ResolveField(() => ScoreBreakdown, { nullable: true, description: 'How the score adds up; null for a defeat.' })
  breakdown(@Parent() result: ZoneSurvivalResult, @Context() context: RequestContext): ScoreBreakdown | null | Promise<ScoreBreakdown | null> {
    if (result.breakdown !== undefined) return result.breakdown;
    // A result read from a board: its breakdown stays in Postgres, read for every entry of the page in one query.
    const loader = requestLoader<string, ScoreBreakdown | null>(context, 'zs-breakdowns', async (ids) => {
      const found = await this.results.breakdowns(ids);
      return ids.map((id) => found.get(id) ?? null);
    });
    return loader.load(result.id);
  }
}
