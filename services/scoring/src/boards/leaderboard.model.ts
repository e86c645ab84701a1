import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { PageInfo } from '@scriptbook/platform';
import { Player } from '../references/player.model';
import { ZoneSurvivalResult } from '../results/zone-survival-result.model';

export enum LeaderboardPeriod {
  ALL_TIME = 'ALL_TIME',
  SEASON = 'SEASON',
  WEEK = 'WEEK',
}
registerEnumType(LeaderboardPeriod, {
  name: 'LeaderboardPeriod',
  description: 'How long a board runs before it starts empty again. Results count in the period they were recorded in.',
  valuesMap: {
    ALL_TIME: { description: 'Never resets.' },
    SEASON: { description: 'A calendar month (UTC); resets on the first day of the next month at 00:00 UTC.' },
    WEEK: { description: 'Monday to Sunday (UTC); resets on Monday at 00:00 UTC.' },
  },
});

@InputType({ description: 'Which Zone Survival board: every key given narrows it; none at all is the overall board.' })
export class LeaderboardBoardInput {
  @Field(() => ID, { nullable: true, description: 'Only games of this Scenario, e.g. `stalker-zs:scenario:boss-hunt`.' }) scenarioId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only games on this Map, e.g. `stalker-zs:map:3`.' }) mapId?: string | null;
  @Field(() => Int, { nullable: true, description: 'Only games with this many Stalkers, 1 to 4.' }) stalkerCount?: number | null;
}

@ObjectType({ description: 'One player\'s place on a board: their best score there and the result that set it.' })
export class LeaderboardEntry {
  @Field(() => Int, { description: '1 for the top. Equal scores rank by which result came first.' }) rank!: number;
  @Field(() => Player, { description: 'The player.' }) player!: Player;
  @Field(() => Int, { description: 'Their best score on this board.' }) score!: number;
  @Field(() => ZoneSurvivalResult, { nullable: true, description: 'The result that set this score; null only if it was removed since.' })
  result!: ZoneSurvivalResult | null;
}

@ObjectType({ description: 'One entry of a leaderboard page, with the cursor that points at it.' })
export class LeaderboardEdge {
  @Field({ description: 'Opaque position of this entry; pass it as `after` to read on from here.' }) cursor!: string;
  @Field(() => LeaderboardEntry, { description: 'The entry.' }) node!: LeaderboardEntry;
}

@ObjectType({ description: 'A page of a leaderboard, best first (Relay connection), with the board\'s size and its next reset.' })
export class LeaderboardConnection {
  @Field(() => [LeaderboardEdge], { description: 'The entries of this page, in rank order.' }) edges!: LeaderboardEdge[];
  @Field(() => PageInfo, { description: 'Where this page sits in the whole board.' }) pageInfo!: PageInfo;
  @Field(() => Int, { description: 'Players on the board.' }) totalCount!: number;
  @Field(() => Date, { nullable: true, description: 'When this period\'s board started; null for all-time.' }) periodStartsAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the board resets to empty; null for all-time.' }) nextResetAt!: Date | null;
}

@ObjectType({ description: 'The entries either side of the caller on a board.' })
export class LeaderboardWindow {
  @Field(() => Int, { nullable: true, description: 'The caller\'s rank; null when they have no result on this board yet (then `entries` is empty).' }) myRank!: number | null;
  @Field(() => [LeaderboardEntry], { description: 'Up to `radius` entries above the caller, the caller, and up to `radius` below, fewer at either end of the board.' })
  entries!: LeaderboardEntry[];
  @Field(() => Int, { description: 'Players on the board.' }) totalCount!: number;
  @Field(() => Date, { nullable: true, description: 'When the board resets to empty; null for all-time.' }) nextResetAt!: Date | null;
}
