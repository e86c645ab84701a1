import { registerEnumType } from '@nestjs/graphql';

/** The board periods as the graph names them; every game's boards run the same periods. */
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
