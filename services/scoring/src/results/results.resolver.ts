import { Type } from '@nestjs/common';
import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, BadUserInputError, ConnectionShape, CurrentPlayer, PageArgs, RequestContext, requestLoader, signedClientAddressOf } from '@scriptbook/platform';
import type { Request } from 'express';
import { ScoredGames } from '../games/scored-games';
import { ScoringTypes } from '../games/scoring-types';
import { CAMPAIGN_ARG, CampaignResultsService, SubmittedCampaign } from './campaign-results.service';
import { ServedResult, verificationOf } from './result-mapping';
import { ResultVerificationLevel } from './result-verification';
import { ResultsService, SubmittedPlay } from './results.service';

/** A game's submission, its players' history and the breakdown of a result read from a board. */
export function resultsResolver(types: ScoringTypes): Type<unknown> {
  const { gameId, names } = types;

  @Resolver(() => types.result)
  class ResultsResolver {
    constructor(
      private readonly results: ResultsService,
      private readonly games: ScoredGames,
      private readonly campaignResults: CampaignResultsService,
    ) {}

    @Mutation(() => types.submitPayload, {
      name: names.mutations.submit,
      description:
        `Records a finished ${names.title} game and scores it on the server with the rules engine. Needs a token (UNAUTHENTICATED otherwise). ` +
        'Every refusal is BAD_USER_INPUT naming the field and the rule, and stores nothing; too many submissions in a minute give RATE_LIMITED ' +
        'with `retryAfter`. Sending the same `clientSubmissionId` again returns the stored result and counts nothing twice.' +
        (types.campaignSubmitInput
          ? ` Give either \`input\` (the game card by card) or \`${CAMPAIGN_ARG}\` (a finished campaign the platform dealt, scored from its record: verification PLATFORM_RECORD), ` +
            `never both or neither (BAD_USER_INPUT on \`${CAMPAIGN_ARG}\`, rule "one-of"). A campaign scores once: a second submission of it, by anyone, is BAD_USER_INPUT on ` +
            `\`${CAMPAIGN_ARG}.campaignId\`, rule "scored-once"; a campaign of a group the caller is not in is NOT_FOUND on \`${CAMPAIGN_ARG}.campaignId\`.`
          : ''),
    })
    async submit(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('input', {
        type: () => types.submitInput,
        nullable: Boolean(types.campaignSubmitInput),
        description: types.campaignSubmitInput
          ? `The game as it was played, card by card, with everything its score counts; leave it out when giving \`${CAMPAIGN_ARG}\`.`
          : 'The game as it was played, with everything its score counts.',
      })
      input: SubmittedPlay | null,
      // A game whose scoring has no campaign part offers no such argument.
      @(types.campaignSubmitInput
        ? Args(CAMPAIGN_ARG, {
            type: () => types.campaignSubmitInput!,
            nullable: true,
            description: `A finished ${names.title} campaign whose record gives the game, and what the table adds to it; leave it out when giving \`input\`.`,
          })
        : () => undefined)
      fromCampaign: SubmittedCampaign | null,
      @Context() context: RequestContext & { req?: Request },
    ): Promise<{ result: ServedResult }> {
      const game = this.games.get(gameId);
      if (Boolean(input) === Boolean(fromCampaign)) {
        throw new BadUserInputError(CAMPAIGN_ARG, 'one-of', `Give either input (the game card by card) or ${CAMPAIGN_ARG} (a campaign's record), not both or neither`);
      }
      if (fromCampaign) {
        const caller = { authorization: context.req?.headers.authorization, clientAddress: signedClientAddressOf(context) };
        return { result: await this.campaignResults.submit(game, player.playerId, fromCampaign, caller) };
      }
      return { result: await this.results.submit(game, player.playerId, input!) };
    }

    @ResolveField(() => ResultVerificationLevel, { description: types.verificationDescription })
    verification(@Parent() result: ServedResult): ResultVerificationLevel {
      return verificationOf(result) as ResultVerificationLevel;
    }

    @Query(() => types.results, { name: names.queries.myResults, nullable: true, description: `The caller's own ${names.title} results, newest first, hidden ones included. Needs a token.` })
    mine(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<ServedResult>> {
      return this.results.mine(this.games.get(gameId), player.playerId, page.first, page.after);
    }

    @ResolveField(() => types.breakdown, { nullable: true, description: 'How the score adds up; null for a defeat.' })
    breakdown(@Parent() result: ServedResult, @Context() context: RequestContext): unknown {
      if (result.breakdown !== undefined) return result.breakdown;
      // A result read from a board: its breakdown stays in the database, read for every entry of the page in one query.
      const loader = requestLoader<string, unknown>(context, 'result-breakdowns', async (ids) => {
        const found = await this.results.breakdowns(ids);
        return ids.map((id) => found.get(id) ?? null);
      });
      return loader.load(result.id);
    }
  }
  return ResultsResolver;
}
