import { BOARD_PERIODS, periodTag } from './board-periods';

/** Which results a board ranks: each key left out widens it; none at all is the overall board. */
export interface BoardScope {
  readonly scenarioId?: string | null;
  readonly mapId?: string | null;
  readonly stalkerCount?: number | null;
}

/** A stored result, as far as its boards are concerned, with the fields a board page shows of it. */
export interface RankedResult {
  readonly id: string;
  readonly playerId: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  readonly roundsPlayed: number;
  readonly score: number;
  readonly verified: boolean;
  readonly challengeId: string | null;
  readonly createdAt: Date;
}

export type BoardView = 'all' | 'verified';

const part = (value: string | number | null | undefined) => (value === null || value === undefined ? '*' : String(value));

/** Every key of one generation starts with this. */
export function generationPrefix(prefix: string, gen: string): string {
  return `${prefix}:zs-board:${gen}:`;
}

/**
 * A board's name within a generation: its period, scope and view. Readers
 * send it to Redis, which prefixes the live generation itself, so finding
 * the generation costs no round trip of its own.
 */
export function boardName(scope: BoardScope, periodName: string, view: BoardView): string {
  return `${periodName}:${part(scope.scenarioId)}|${part(scope.mapId)}|${part(scope.stalkerCount)}:${view}`;
}

/** The daily challenge's own board, one per date and view. */
export function challengeBoardName(challengeId: string, view: BoardView): string {
  return `challenge:${challengeId}:${view}`;
}

/**
 * Key of one sorted set. `gen` is the board generation readers follow: a
 * rebuild fills the next generation and switches to it in one write.
 */
export function boardKey(prefix: string, gen: string, scope: BoardScope, periodName: string, view: BoardView): string {
  return generationPrefix(prefix, gen) + boardName(scope, periodName, view);
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

/** Every scope a result counts in: each of scenario, map and Stalker count either fixed to the result's or left open. */
export function scopesOf(result: RankedResult): BoardScope[] {
  const scopes: BoardScope[] = [];
  for (const scenarioId of [result.scenarioId, null]) {
    for (const mapId of [result.mapId, null]) {
      for (const stalkerCount of [result.stalkerCount, null]) scopes.push({ scenarioId, mapId, stalkerCount });
    }
  }
  return scopes;
}

/** Every board a result enters, by name within a generation. */
export function boardNamesOf(result: RankedResult): string[] {
  const views: BoardView[] = result.verified ? ['all', 'verified'] : ['all'];
  const periods = BOARD_PERIODS.map((period) => periodTag(period, result.createdAt));
  const names: string[] = [];
  for (const scope of scopesOf(result)) {
    for (const periodName of periods) {
      for (const view of views) names.push(boardName(scope, periodName, view));
    }
  }
  if (result.challengeId) for (const view of views) names.push(challengeBoardName(result.challengeId, view));
  return names;
}

/** Every sorted set a result enters, in the generation given. */
export function keysOf(prefix: string, gen: string, result: RankedResult): string[] {
  const base = generationPrefix(prefix, gen);
  return boardNamesOf(result).map((name) => base + name);
}
