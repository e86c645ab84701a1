/**
 * Every operation the page sends, written against the public schema
 * (`graphql/schema.graphql`) only. Scenario and Map names come from the
 * content API; the page holds no game facts of its own.
 */

export type LeaderboardPeriod = 'ALL_TIME' | 'SEASON' | 'WEEK';

export interface BoardKey {
  readonly scenarioId?: string;
  readonly mapId?: string;
  readonly stalkerCount?: number;
}

export interface PlayerRef {
  readonly id: string;
  readonly displayName: string;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly score: number;
  readonly player: PlayerRef;
  readonly result: { readonly id: string; readonly verified: boolean; readonly recordedAt: string; readonly stalkerCount: number } | null;
}

export interface LeaderboardPage {
  readonly totalCount: number;
  readonly nextResetAt: string | null;
  readonly periodStartsAt: string | null;
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  readonly edges: readonly { readonly cursor: string; readonly node: LeaderboardEntry }[];
}

export interface LeaderboardWindow {
  readonly myRank: number | null;
  readonly totalCount: number;
  readonly nextResetAt: string | null;
  readonly entries: readonly LeaderboardEntry[];
}

export interface NamedItem {
  readonly id: string;
  readonly name: string;
}

export interface ZoneSurvivalCatalogue {
  readonly name: string;
  readonly scenarios: readonly NamedItem[];
  readonly maps: readonly (NamedItem & { readonly number?: number })[];
}

/** The shape of `DailyChallenge.setup` the page shows (the rules engine's `stalker-zs.setup` result). */
export interface ChallengeSetup {
  readonly setupCards?: readonly { readonly slot: number; readonly card: { readonly name: string } | null; readonly note: string | null }[];
  readonly eventDeck?: { readonly size: number; readonly cards: readonly { readonly name: string }[] | null } | null;
  readonly checks?: readonly string[];
  readonly gaps?: readonly { readonly field: string; readonly note: string }[];
}

export interface DailyChallenge {
  readonly id: string;
  readonly date: string;
  readonly closesAt: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  readonly setup: ChallengeSetup;
}

/** The game whose boards the page shows, as the content API names it. */
export const ZONE_SURVIVAL_GAME_ID = 'stalker-zs';

const ENTRY_FIELDS = `rank score player { id displayName } result { id verified recordedAt stalkerCount }`;

export const CATALOGUE = `query LeaderboardCatalogue($gameId: ID!) {
  game(id: $gameId) {
    name
    scenarios { id name }
    maps { ... on ZsMap { id name number } }
  }
}`;

export const BOARD = `query LeaderboardPage($board: LeaderboardBoardInput, $period: LeaderboardPeriod!, $verifiedOnly: Boolean!, $first: Int, $after: String) {
  leaderboard(board: $board, period: $period, verifiedOnly: $verifiedOnly, first: $first, after: $after) {
    totalCount nextResetAt periodStartsAt
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ${ENTRY_FIELDS} } }
  }
}`;

export const AROUND_ME = `query LeaderboardAroundMe($board: LeaderboardBoardInput, $period: LeaderboardPeriod!, $verifiedOnly: Boolean!, $radius: Int!) {
  leaderboardAroundMe(board: $board, period: $period, verifiedOnly: $verifiedOnly, radius: $radius) {
    myRank totalCount nextResetAt
    entries { ${ENTRY_FIELDS} }
  }
}`;

export const ME = `query SignedInPlayer { me { id displayName } }`;

export const SIGN_IN_WITH_DEVICE = `mutation SignInWithDevice($input: SignInWithDeviceInput!) {
  signInWithDevice(input: $input) { accessToken expiresAt player { id displayName } }
}`;

export const DAILY_CHALLENGE = `query DailyChallenge($date: String, $verifiedOnly: Boolean!, $first: Int, $after: String) {
  dailyChallenge(date: $date) { id date closesAt scenarioId mapId stalkerCount setup }
  dailyChallengeLeaderboard(date: $date, verifiedOnly: $verifiedOnly, first: $first, after: $after) {
    totalCount nextResetAt periodStartsAt
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ${ENTRY_FIELDS} } }
  }
}`;
