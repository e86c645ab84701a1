import { Type } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { PageArgs } from '@scriptbook/platform';
import { boardView } from '../boards/board-keys';
import { BoardsService, ServedBoardPage } from '../boards/boards.service';
import { ScoredGames } from '../games/scored-games';
import { ScoringTypes } from '../games/scoring-types';
import { DailyChallenges, ServedChallenge } from './daily-challenges.service';

const dateArg = { type: () => String, nullable: true, description: 'The UTC day, YYYY-MM-DD; today when left out.' } as const;

/** A game's daily challenge and its own board. */
export function dailyChallengesResolver(types: ScoringTypes): Type<unknown> {
  const { gameId, names } = types;

  @Resolver()
  class DailyChallengesResolver {
    constructor(
      private readonly challenges: DailyChallenges,
      private readonly boards: BoardsService,
      private readonly games: ScoredGames,
    ) {}

    @Query(() => types.challenge, {
      name: names.queries.dailyChallenge,
      nullable: true,
      description: `The ${names.title} daily challenge: one setup for every player, drawn by the rules engine from a seed only the servers know. BAD_USER_INPUT for a malformed date (\`format\`) or a day after today, UTC (\`not-yet\`).`,
    })
    challenge(@Args('date', dateArg) date: string | null): Promise<ServedChallenge> {
      return this.challenges.forDate(this.games.get(gameId), date, new Date());
    }

    @Query(() => types.board, { name: names.queries.challengeLeaderboard, nullable: true, description: "A daily challenge's own board: each player's one result for that day, best first." })
    board(
      @Args('date', dateArg) date: string | null,
      @Args('verifiedOnly', { type: () => Boolean, defaultValue: false, description: 'True to rank only verified results.' }) verifiedOnly: boolean,
      @Args('platformRecordOnly', {
        type: () => Boolean,
        defaultValue: false,
        description: "True to rank only results scored from the platform's record of a campaign (verification PLATFORM_RECORD); with `verifiedOnly`, only those also verified.",
      })
      platformRecordOnly: boolean,
      @Args() page: PageArgs,
    ): Promise<ServedBoardPage> {
      const game = this.games.get(gameId);
      return this.boards.challenge(game, this.challenges.open(game, date, new Date()).id, boardView(verifiedOnly, platformRecordOnly), page.first, page.after);
    }
  }
  return DailyChallengesResolver;
}
