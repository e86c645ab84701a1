import type { z } from 'zod';
import type { Resolution, StreamStart } from '@scriptbook/rules-engine';

/**
 * The hosted rules as a game's scoring uses them: what each procedure's
 * `bind` prepared from the content, once per process, and a way to run a
 * procedure on it. The game host's `BoundProcedures` is one, so scoring runs
 * the engine on the same binding as the rules subgraph.
 */
export interface BoundRules {
  contentOf(procedureId: string): unknown;
  run(procedureId: string, input: unknown, start: StreamStart): Resolution<unknown>;
}

/** What the platform holds every game's scores to. */
export interface ScoringLimits {
  /** The largest score, of either sign, a board can rank; a play scoring beyond it is refused. */
  readonly maxScore: number;
}

/** A value of a result's own fields: what a board page shows of it, and what its boards are keyed by. */
export type ResultFieldValue = string | number | boolean | null;

/** What a game concludes of one finished play. */
export interface ScoredPlay<Breakdown = unknown> {
  /** Boards rank victories; a defeat is stored and scores nothing. */
  readonly victory: boolean;
  /** The score of a victory; null for a defeat. */
  readonly score: number | null;
  /** True when nothing in the score rests on the players' word alone; boards have verified-only views. */
  readonly verified: boolean;
  /** How the score adds up, of the shape the game's `breakdown` schema gives; null for a defeat. */
  readonly breakdown: Breakdown | null;
}

/**
 * A campaign as the campaigns service keeps it, read by the scoring service
 * from that service (never from the client): what a submission from a
 * campaign takes the game from.
 */
export interface CampaignRecord {
  readonly id: string;
  readonly gameId: string;
  readonly groupId: string;
  /** The rules engine's setup procedure the campaign was dealt with; null when it was made without one. */
  readonly setupProcedureId: string | null;
  /** The state at version 0: what the setup dealt, before any action. */
  readonly dealtState: unknown;
  /** The state now, after every action applied (and undone) so far. */
  readonly state: unknown;
}

/** A daily challenge as a submission claiming to play it is held to: the game's dealt fields and its id. */
export type ChallengeTerms<Challenge> = Challenge & { readonly id: string };

/**
 * A game's scoring rules once bound to the hosted content: pure functions of
 * their arguments. Every refusal is the engine's `RuleInputError`, naming the
 * field of the submission (or of the board keys) it is about.
 */
export interface ScoringRules<Submission = any, Breakdown = any, Board = any, Challenge = any> {
  /** Checks a submission against the rules and the content, and scores it; `challenge` is the daily challenge it says it played. */
  check(submission: Submission, challenge: ChallengeTerms<Challenge> | null): ScoredPlay<Breakdown>;
  /** Scores a stored submission again under today's rules and content; null when it no longer scores, so it keeps what it had. */
  rescore(stored: Submission): ScoredPlay<Breakdown> | null;
  /** A result's own fields, as the game's `result` schema gives them, from its submission. */
  fieldsOf(submission: Submission): Readonly<Record<string, ResultFieldValue>>;
  /** Checks the keys a board is asked for by. */
  checkBoard(board: Board): void;
  /**
   * For a game whose scoring has a `campaign` part: the submission a
   * campaign's record makes with what the table adds, checked and scored as
   * `check` does. The game comes from the record; the table adds only what
   * it decides. Refusals name a field of the table's input, `campaignId`
   * where the record itself is refused.
   */
  fromCampaign?(record: CampaignRecord, table: Record<string, unknown>, challenge: ChallengeTerms<Challenge> | null): { readonly submission: Submission; readonly scored: ScoredPlay<Breakdown> };
  /** The daily challenge a seed deals, with the steps of the deal in words a player follows. */
  dealChallenge(seed: string): { readonly challenge: Challenge; readonly transcript: readonly string[] };
}

/**
 * The public names of a game's scoring API. Clients depend on them, so they
 * are chosen here, once; every other name is derived from them.
 */
export interface ScoringNames {
  /** How descriptions name the game: `Zone Survival`. */
  readonly title: string;
  /**
   * Prefix of the game's own types and mutations: `ZoneSurvival` gives
   * `ZoneSurvivalResult`, `submitZoneSurvivalResult`,
   * `setZoneSurvivalResultHidden`, `requestZoneSurvivalBoardsRebuild`,
   * `requestZoneSurvivalRescore` and `requestZoneSurvivalSeasonRollover`.
   */
  readonly game: string;
  /**
   * Prefix of the board, challenge and history queries and their types:
   * empty gives `leaderboard`, `leaderboardAroundMe`, `groupLeaderboard`,
   * `dailyChallenge`, `dailyChallengeLeaderboard`, `myResults`,
   * `LeaderboardEntry`, `DailyChallenge` and the rest; `Dice` would give
   * `diceLeaderboard`, `DiceLeaderboardEntry`, `DiceDailyChallenge`. Only one
   * game of a catalog may leave it empty.
   */
  readonly boards: string;
  /** Prefix of the kinds `job(id)` reports of the game's board jobs: `zs` gives `zs-boards-rebuild`. */
  readonly jobs: string;
}

/**
 * How a game's finished plays are submitted, checked, scored and ranked,
 * and how its daily challenge is dealt: everything the scoring service
 * serves of the game. Pure: the schemas give the GraphQL types, `bind` the
 * rules the service runs.
 */
export interface GameScoring<Submission = any, Breakdown = any, Board = any, Challenge = any> {
  readonly names: ScoringNames;
  /**
   * Bumped when the way a stored submission becomes a score changes. With
   * the content's hash it makes each result's score version, so a rescore
   * knows which results are stale.
   */
  readonly version: number;
  /** When a result is verified, as a clause the schema's descriptions complete ("True when …"). */
  readonly verifiedWhen: string;
  readonly schemas: {
    /** What a player submits of a finished play; the platform adds `clientSubmissionId` and `challengeId`. */
    readonly submission: z.AnyZodObject;
    /** A stored result's own fields: what the result and every board page show of it. */
    readonly result: z.AnyZodObject;
    /** How a score adds up. */
    readonly breakdown: z.AnyZodObject;
    /** The keys a board is asked for by, each optional: a key given narrows the board, none at all is the overall board. */
    readonly board: z.AnyZodObject;
    /** What a daily challenge deals; the platform adds its id, day, transcript and closing time. */
    readonly challenge: z.AnyZodObject;
  };
  /**
   * Submissions from the platform's own record of a campaign of the game:
   * what the table adds to the record (the platform adds `campaignId`,
   * `clientSubmissionId` and `challengeId`), and what a result scored that
   * way holds, for descriptions. Absent for a game whose campaigns do not
   * record a scored play.
   */
  readonly campaign?: {
    readonly table: z.AnyZodObject;
    /** What the record gives such a result, as a clause the descriptions complete ("… when …"). */
    readonly recordGives: string;
  };
  /**
   * The result fields a board ranks under, in key order. Each is a field of
   * both `result` and `board`; every result enters each combination of them
   * fixed to its own value or left open.
   */
  readonly dimensions: readonly string[];
  readonly bind: (rules: BoundRules, limits: ScoringLimits) => ScoringRules<Submission, Breakdown, Board, Challenge>;
}

/** Declares a game's scoring; the identity function that keeps its types attached. */
export function defineScoring<Submission, Breakdown, Board, Challenge>(
  scoring: GameScoring<Submission, Breakdown, Board, Challenge>,
): GameScoring<Submission, Breakdown, Board, Challenge> {
  return scoring;
}
