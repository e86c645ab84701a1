import { Type } from '@nestjs/common';
import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { ScoredGames } from '../games/scored-games';
import { ScoringTypes } from '../games/scoring-types';
import { boardView } from './board-keys';
import { BoardKeys, BoardsService, ServedBoardPage, ServedWindow } from './boards.service';
import { LeaderboardPeriod } from './leaderboard-period';

const periodArg = { type: () => LeaderboardPeriod, defaultValue: LeaderboardPeriod.ALL_TIME, description: "The board's period; the current one is shown." } as const;

/** A game's boards: the public ones, the caller's place on them and a group's own ranking. */
export function boardsResolver(types: ScoringTypes, verifiedWhen: string, recordGives: string | null): Type<unknown> {
  const { gameId, names } = types;
  const boardArg = { type: () => types.boardInput, nullable: true, description: 'Which board; leave out (or leave every key out) for the overall board.' } as const;
  const verifiedArg = { type: () => Boolean, defaultValue: false, description: `True to rank only verified results (${verifiedWhen}); false ranks all.` } as const;
  const recordArg = {
    type: () => Boolean,
    defaultValue: false,
    description: recordGives
      ? `True to rank only results scored from the platform's record of a campaign (verification PLATFORM_RECORD: ${recordGives}); with \`verifiedOnly\`, only those that are also verified. False ranks all.`
      : `No ${names.title} result is scored from a campaign's record, so true gives an empty board; false ranks all.`,
  } as const;

  @Resolver()
  class BoardsResolver {
    constructor(
      private readonly boards: BoardsService,
      private readonly games: ScoredGames,
    ) {}

    @Query(() => types.board, {
      name: names.queries.leaderboard,
      nullable: true,
      description: `A ${names.title} leaderboard, best first: each player's best score on the board. Open to everyone, token or not.`,
    })
    leaderboard(
      @Args('board', boardArg) board: BoardKeys | null,
      @Args('period', periodArg) period: LeaderboardPeriod,
      @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
      @Args('platformRecordOnly', recordArg) platformRecordOnly: boolean,
      @Args() page: PageArgs,
    ): Promise<ServedBoardPage> {
      return this.boards.page(this.games.get(gameId), board, period, boardView(verifiedOnly, platformRecordOnly), page.first, page.after);
    }

    @Query(() => types.window, { name: names.queries.aroundMe, nullable: true, description: "The caller's place on a board with the entries around it. Needs a token." })
    aroundMe(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('board', boardArg) board: BoardKeys | null,
      @Args('period', periodArg) period: LeaderboardPeriod,
      @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
      @Args('platformRecordOnly', recordArg) platformRecordOnly: boolean,
      @Args('radius', { type: () => Int, defaultValue: 5, description: 'Entries to show above and below the caller, 0 to 50.' }) radius: number,
    ): Promise<ServedWindow> {
      return this.boards.aroundMe(this.games.get(gameId), player.playerId, board, period, boardView(verifiedOnly, platformRecordOnly), radius);
    }

    @Query(() => types.board, {
      name: names.queries.group,
      nullable: true,
      description: "A board narrowed to one group's members, ranked among themselves. Needs a token; a group the caller is not in gives NOT_FOUND on `groupId`.",
    })
    group(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
      @Args('board', boardArg) board: BoardKeys | null,
      @Args('period', periodArg) period: LeaderboardPeriod,
      @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
      @Args('platformRecordOnly', recordArg) platformRecordOnly: boolean,
      @Args() page: PageArgs,
    ): Promise<ServedBoardPage> {
      return this.boards.group(this.games.get(gameId), player.playerId, groupId, board, period, boardView(verifiedOnly, platformRecordOnly), page.first, page.after);
    }
  }
  return BoardsResolver;
}
