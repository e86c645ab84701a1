import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { LeaderboardBoardInput, LeaderboardConnection, LeaderboardPeriod, LeaderboardWindow } from './leaderboard.model';
import { BoardsService } from './boards.service';

const boardArg = { type: () => LeaderboardBoardInput, nullable: true, description: 'Which board; leave out (or leave every key out) for the overall board.' } as const;
const periodArg = { type: () => LeaderboardPeriod, defaultValue: LeaderboardPeriod.ALL_TIME, description: 'The board\'s period; the current one is shown.' } as const;
const verifiedArg = {
  type: () => Boolean,
  defaultValue: false,
  description: 'True to rank only verified results (every card\'s modifier from the catalogue); false ranks all.',
} as const;

@Resolver()
export class BoardsResolver {
  constructor(private readonly leaderboards: BoardsService) {}

  @Query(() => LeaderboardConnection, { nullable: true, description: 'A Zone Survival leaderboard, best first: each player\'s best score on the board. Open to everyone, token or not.' })
  leaderboard(
    @Args('board', boardArg) board: LeaderboardBoardInput | null,
    @Args('period', periodArg) period: LeaderboardPeriod,
    @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
    @Args() page: PageArgs,
  ): Promise<LeaderboardConnection> {
    return this.leaderboards.page(board, period, verifiedOnly, page.first, page.after);
  }

  @Query(() => LeaderboardWindow, { nullable: true, description: 'The caller\'s place on a board with the entries around it. Needs a token.' })
  leaderboardAroundMe(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('board', boardArg) board: LeaderboardBoardInput | null,
    @Args('period', periodArg) period: LeaderboardPeriod,
    @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
    @Args('radius', { type: () => Int, defaultValue: 5, description: 'Entries to show above and below the caller, 0 to 50.' }) radius: number,
  ): Promise<LeaderboardWindow> {
    return this.leaderboards.aroundMe(player.playerId, board, period, verifiedOnly, radius);
  }

  @Query(() => LeaderboardConnection, {
    nullable: true,
    description: 'A board narrowed to one group\'s members, ranked among themselves. Needs a token; a group the caller is not in gives NOT_FOUND on `groupId`.',
  })
  groupLeaderboard(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
    @Args('board', boardArg) board: LeaderboardBoardInput | null,
    @Args('period', periodArg) period: LeaderboardPeriod,
    @Args('verifiedOnly', verifiedArg) verifiedOnly: boolean,
    @Args() page: PageArgs,
  ): Promise<LeaderboardConnection> {
    return this.leaderboards.group(player.playerId, groupId, board, period, verifiedOnly, page.first, page.after);
  }
}
