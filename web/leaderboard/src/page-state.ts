import { BoardKey, LeaderboardPeriod } from './operations.js';

/**
 * Which board the page shows. Kept in the address (`?scenario=…&period=…`)
 * so a board can be shared as a link; a link may name a board the API does
 * not know, and the page then shows the API's refusal.
 */
export interface BoardSelection {
  readonly board: BoardKey;
  readonly period: LeaderboardPeriod;
  readonly verifiedOnly: boolean;
  readonly pageSize: number;
}

const PERIODS: readonly LeaderboardPeriod[] = ['ALL_TIME', 'SEASON', 'WEEK'];
/** Page sizes offered; the API takes 1 to 100. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

export function readSelection(search: string): BoardSelection {
  const params = new URLSearchParams(search);
  const stalkers = Number(params.get('stalkers'));
  const period = params.get('period') as LeaderboardPeriod | null;
  const size = Number(params.get('size'));
  return {
    board: {
      scenarioId: params.get('scenario') || undefined,
      mapId: params.get('map') || undefined,
      stalkerCount: params.has('stalkers') && Number.isInteger(stalkers) ? stalkers : undefined,
    },
    period: period && PERIODS.includes(period) ? period : 'ALL_TIME',
    verifiedOnly: params.get('verified') === '1',
    pageSize: Number.isInteger(size) && size >= 1 && size <= 100 ? size : DEFAULT_PAGE_SIZE,
  };
}

export function selectionSearch(selection: BoardSelection): string {
  const params = new URLSearchParams();
  if (selection.board.scenarioId) params.set('scenario', selection.board.scenarioId);
  if (selection.board.mapId) params.set('map', selection.board.mapId);
  if (selection.board.stalkerCount !== undefined) params.set('stalkers', String(selection.board.stalkerCount));
  if (selection.period !== 'ALL_TIME') params.set('period', selection.period);
  if (selection.verifiedOnly) params.set('verified', '1');
  if (selection.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(selection.pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The board key as the API takes it: open keys left out, and no key at all for the overall board. */
export function boardInput(board: BoardKey): BoardKey | null {
  const input: { scenarioId?: string; mapId?: string; stalkerCount?: number } = {};
  if (board.scenarioId) input.scenarioId = board.scenarioId;
  if (board.mapId) input.mapId = board.mapId;
  if (board.stalkerCount !== undefined) input.stalkerCount = board.stalkerCount;
  return Object.keys(input).length > 0 ? input : null;
}
