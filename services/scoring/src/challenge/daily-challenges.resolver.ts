import { Args, Query, Resolver } from '@nestjs/graphql';
import { PageArgs } from '@scriptbook/platform';
import { LeaderboardConnection } from '../boards/leaderboard.model';
import { BoardsService } from '../boards/boards.service';
import { DailyChallenge } from './daily-challenge.model';
import { DailyChallenges } from './daily-challenges.service';

@Resolver(() => DailyChallenge)
export class DailyChallengesResolver {
  constructor(
    private readonly challenges: DailyChallenges,
    private readonly leaderboards: BoardsService,
  ) {}

  @Query(() => DailyChallenge, {
    nullable: true,
    description: 'The Zone Survival daily challenge: one setup for every player, drawn by the rules engine from a seed only the servers know. BAD_USER_INPUT for a malformed date (`format`) or a day after today, UTC (`not-yet`).',
  })
  dailyChallenge(@Args('date', { type: () => String, nullable: true, description: 'The UTC day, YYYY-MM-DD; today when left out.' }) date: string | null): Promise<DailyChallenge> {
    return this.challenges.forDate(date, new Date());
  }

  @Query(() => LeaderboardConnection, { nullable: true, description: 'A daily challenge\'s own board: each player\'s one result for that day, best first.' })
  async dailyChallengeLeaderboard(
    @Args('date', { type: () => String, nullable: true, description: 'The UTC day, YYYY-MM-DD; today when left out.' }) date: string | null,
    @Args('verifiedOnly', { type: () => Boolean, defaultValue: false, description: 'True to rank only verified results.' }) verifiedOnly: boolean,
    @Args() page: PageArgs,
  ): Promise<LeaderboardConnection> {
    const challenge = await this.challenges.forDate(date, new Date());
    return this.leaderboards.challenge(challenge.id, verifiedOnly, page.first, page.after);
  }
}
