import { BOARD_PERIODS, periodTag } from './board-periods';

/** Which results a board ranks: each key left out widens it; none at all is the overall board. */
export interface BoardScope {
  readonly scenarioId?: string | null;
  readonly mapId?: string | null;
  readonly stalkerCount?: number | null;
}

/** A stored result, as far as its boards are concerned. */
export interface RankedResult {
  readonly id: string;
  readonly playerId: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  readonly score: number;
  readonly verified: boolean;
  readonly challengeId: string | null;
  readonly createdAt: Date;
}

export type BoardView = 'all' | 'verified';

const part = (value: string | number | null | undefined) => (value === null || value === undefined ? '*' : String(value));

/**
 * Key of one sorted set. `gen` is the board generation readers follow: a
 * rebuild fills the next generation and switches to it in one write.
 */
export function boardKey(prefix: string, gen: string, scope: BoardScope, periodName: string, view: BoardView): string {
  return `${prefix}:zs-board:${gen}:${periodName}:${part(scope.scenarioId)}|${part(scope.mapId)}|${part(scope.stalkerCount)}:${view}`;
}

/** The daily challenge's own board, one per date and view. */
export function challengeBoardKey(prefix: string, gen: string, challengeId: string, view: BoardView): string {
  return `${prefix}:zs-board:${gen}:challenge:${challengeId}:${view}`;
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

/** Every sorted set a result enters, in the generation given. */
export function keysOf(prefix: string, gen: string, result: RankedResult): string[] {
  const views: BoardView[] = result.verified ? ['all', 'verified'] : ['all'];
  const keys: string[] = [];
  for (const scope of scopesOf(result)) {
    for (const period of BOARD_PERIODS) {
      for (const view of views) keys.push(boardKey(prefix, gen, scope, periodTag(period, result.createdAt), view));
    }
  }
  if (result.challengeId) for (const view of views) keys.push(challengeBoardKey(prefix, gen, result.challengeId, view));
  return keys;
}

