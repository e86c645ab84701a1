import { hashTag } from '@scriptbook/platform';
import type { ResultFieldValue } from '@scriptbook/games';
import { BOARD_PERIODS, periodTag } from './board-periods';

/**
 * Which boards a game keeps: one per combination of its dimensions, each
 * fixed or left open, per period and view. Every key of the game's boards
 * lives under its own prefix, so games never share a sorted set.
 */
export interface BoardLayout {
  readonly gameId: string;
  /** The result fields a board ranks under, in key order. */
  readonly dimensions: readonly string[];
  /** Every field of a result the boards keep beside its entry, in the game's order. */
  readonly fields: readonly string[];
}

/** A board by its dimensions, in layout order; null (or undefined) leaves a dimension open. */
export type BoardScope = readonly (ResultFieldValue | undefined)[];

/** A stored result, as far as its boards are concerned, with the fields a board page shows of it. */
export interface RankedResult {
  readonly id: string;
  readonly playerId: string;
  readonly fields: Readonly<Record<string, ResultFieldValue>>;
  readonly score: number;
  readonly verified: boolean;
  /** Scored from the platform's own record of a campaign it dealt (verification PLATFORM_RECORD). */
  readonly fromRecord: boolean;
  readonly challengeId: string | null;
  readonly createdAt: Date;
}

/**
 * Which results a board ranks: all of them, the verified ones, those scored
 * from the platform's record, or those both scored from the record and
 * verified.
 */
export type BoardView = 'all' | 'verified' | 'record' | 'record-verified';

/** The view a board query's two filters ask for. */
export function boardView(verifiedOnly: boolean, platformRecordOnly: boolean): BoardView {
  if (platformRecordOnly) return verifiedOnly ? 'record-verified' : 'record';
  return verifiedOnly ? 'verified' : 'all';
}

/** Every view a result is ranked in. */
export function viewsOf(result: Pick<RankedResult, 'verified' | 'fromRecord'>): BoardView[] {
  const views: BoardView[] = result.verified ? ['all', 'verified'] : ['all'];
  if (result.fromRecord) views.push(...(result.verified ? (['record', 'record-verified'] as const) : (['record'] as const)));
  return views;
}

const part = (value: ResultFieldValue | undefined) => (value === null || value === undefined ? '*' : String(value));

/**
 * Every board key of a game starts with this: `<REDIS_PREFIX>:board:{<gameId>}:`.
 * The game id is a hash tag: a submission's script writes every board the
 * result enters, and a read's script finds the live generation, keys it
 * derives itself, which a Redis Cluster allows only within one slot. So a
 * game's boards are one slot, and different games spread over the cluster.
 */
export function gameBoardsPrefix(prefix: string, gameId: string): string {
  return `${prefix}:board:${hashTag(gameId)}:`;
}

/** Every key of one generation of a game's boards starts with this. */
export function generationPrefix(prefix: string, gameId: string, gen: string): string {
  return `${gameBoardsPrefix(prefix, gameId)}${gen}:`;
}

/**
 * A board's name within a generation: its period, scope and view. Readers
 * send it to Redis, which prefixes the live generation itself, so finding
 * the generation costs no round trip of its own.
 */
export function boardName(scope: BoardScope, periodName: string, view: BoardView): string {
  return `${periodName}:${scope.map(part).join('|')}:${view}`;
}

/** The daily challenge's own board, one per date and view. */
export function challengeBoardName(challengeId: string, view: BoardView): string {
  return `challenge:${challengeId}:${view}`;
}

/**
 * The one hash per generation that says which result stands behind an
 * entry, and what a board page shows of it. It is keyed by the entry itself
 * (sorted-set score and member: a player's result at that score and
 * instant), not by board, so a result is written there once however many
 * boards it enters, and no board write has to be paired with a hash write.
 */
export const ENTRY_RESULTS = 'entry-results';

/** The hash field of an entry: its sorted-set score as Redis prints it (an integer) and its member. */
export function entryField(encoded: number | string, playerId: string): string {
  return `${encoded}:${playerId}`;
}

/** Every scope a result counts in: each dimension either fixed to the result's value or left open. */
export function scopesOf(layout: BoardLayout, result: RankedResult): BoardScope[] {
  let scopes: (ResultFieldValue | null)[][] = [[]];
  for (const dimension of layout.dimensions) {
    const value = result.fields[dimension] ?? null;
    scopes = scopes.flatMap((scope) => [
      [...scope, value],
      [...scope, null],
    ]);
  }
  return scopes;
}

/** Every board a result enters, by name within a generation. */
export function boardNamesOf(layout: BoardLayout, result: RankedResult): string[] {
  const views = viewsOf(result);
  const periods = BOARD_PERIODS.map((period) => periodTag(period, result.createdAt));
  const names: string[] = [];
  for (const scope of scopesOf(layout, result)) {
    for (const periodName of periods) {
      for (const view of views) names.push(boardName(scope, periodName, view));
    }
  }
  if (result.challengeId) for (const view of views) names.push(challengeBoardName(result.challengeId, view));
  return names;
}
