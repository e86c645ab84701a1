import type { ScoringNames } from '@scriptbook/games';

/** The board jobs an administrator can start for a game. */
export type RequestedBoardJob = 'rebuild' | 'rescore' | 'season-rollover';

/**
 * Every public name of one game's scoring API, derived from the few its
 * scoring chooses (see `ScoringNames`): the service itself names no game.
 */
export interface ScoringApiNames {
  readonly title: string;
  readonly types: {
    readonly result: string;
    readonly submitInput: string;
    readonly campaignSubmitInput: string;
    readonly submitPayload: string;
    readonly boardInput: string;
    readonly entry: string;
    readonly edge: string;
    readonly connection: string;
    readonly window: string;
    readonly challenge: string;
  };
  readonly mutations: {
    readonly submit: string;
    readonly hide: string;
    readonly rebuild: string;
    readonly rescore: string;
    readonly rollover: string;
  };
  readonly queries: {
    readonly myResults: string;
    readonly leaderboard: string;
    readonly aroundMe: string;
    readonly group: string;
    readonly dailyChallenge: string;
    readonly challengeLeaderboard: string;
  };
  /** The kind `job(id)` reports of a board job of the game. */
  readonly jobKind: (job: RequestedBoardJob) => string;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function scoringApiNames(names: ScoringNames): ScoringApiNames {
  const { game, boards } = names;
  const query = (name: string) => (boards ? `${boards.charAt(0).toLowerCase()}${boards.slice(1)}${upperFirst(name)}` : name);
  const type = (name: string) => `${boards}${name}`;
  return {
    title: names.title,
    types: {
      result: `${game}Result`,
      submitInput: `Submit${game}ResultInput`,
      campaignSubmitInput: `Submit${game}ResultFromCampaignInput`,
      submitPayload: `Submit${game}ResultPayload`,
      boardInput: type('LeaderboardBoardInput'),
      entry: type('LeaderboardEntry'),
      edge: type('LeaderboardEdge'),
      connection: type('LeaderboardConnection'),
      window: type('LeaderboardWindow'),
      challenge: type('DailyChallenge'),
    },
    mutations: {
      submit: `submit${game}Result`,
      hide: `set${game}ResultHidden`,
      rebuild: `request${game}BoardsRebuild`,
      rescore: `request${game}Rescore`,
      rollover: `request${game}SeasonRollover`,
    },
    queries: {
      myResults: query('myResults'),
      leaderboard: query('leaderboard'),
      aroundMe: query('leaderboardAroundMe'),
      group: query('groupLeaderboard'),
      dailyChallenge: query('dailyChallenge'),
      challengeLeaderboard: query('dailyChallengeLeaderboard'),
    },
    jobKind: (job) => `${names.jobs}-boards-${job}`,
  };
}
