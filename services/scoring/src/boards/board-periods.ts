/** The time windows a board is kept for; each resets at a fixed UTC instant. */
export type BoardPeriod = 'ALL_TIME' | 'SEASON' | 'WEEK';

export const BOARD_PERIODS: readonly BoardPeriod[] = ['ALL_TIME', 'SEASON', 'WEEK'];

const DAY_MS = 24 * 3600 * 1000;

/** A season is a calendar month (UTC); a week starts on Monday 00:00 UTC, as ISO weeks do. */
export function periodStart(period: BoardPeriod, at: Date): Date | null {
  switch (period) {
    case 'ALL_TIME':
      return null;
    case 'SEASON':
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    case 'WEEK': {
      const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const sinceMonday = (at.getUTCDay() + 6) % 7;
      return new Date(midnight - sinceMonday * DAY_MS);
    }
  }
}

/** When the period that holds `at` ends and a fresh board starts; null for all-time. */
export function nextReset(period: BoardPeriod, at: Date): Date | null {
  const start = periodStart(period, at);
  if (!start) return null;
  if (period === 'SEASON') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + 7 * DAY_MS);
}

/** The period's name in board keys: `all`, `season-2026-11`, `week-2026-11-30`. */
export function periodTag(period: BoardPeriod, at: Date): string {
  const start = periodStart(period, at);
  if (!start) return 'all';
  const day = start.toISOString().slice(0, 10);
  return period === 'SEASON' ? `season-${day.slice(0, 7)}` : `week-${day}`;
}
