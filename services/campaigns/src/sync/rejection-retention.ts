import type { RejectionsKept } from '../store/rejection-statements';

/**
 * How long the server keeps a device's rejections (docs/sync.md, "Rejections a pull tells").
 *
 * - 100 per device: a push carries at most 100 actions, so one lost answer's reasons always fit, and a device reads
 *   them at its next pull, which it makes after every push.
 * - 30 days: a device switched off with a push in flight comes back at the group's next evening of play; a month
 *   covers a campaign played monthly, and past it the player no longer remembers the action a reason would explain.
 *
 * Rows are pruned at the write that stores a rejection (the campaign's older than 30 days, the device's past 100), and
 * the worker sweeps every campaign's older than 30 days (rejections-sweep.processor.ts); reads never serve one older.
 */
export const REJECTIONS_KEPT_DAYS = 30;
export const REJECTIONS_KEPT_PER_CLIENT = 100;
const DAY_MS = 86_400_000;

/** The oldest time a rejection may have, seen from `now`, to be kept and served. */
export function rejectionsKeptSince(now: number): number {
  return now - REJECTIONS_KEPT_DAYS * DAY_MS;
}

export function rejectionsKept(now: number): RejectionsKept {
  return { notBefore: rejectionsKeptSince(now), perClient: REJECTIONS_KEPT_PER_CLIENT };
}

/** A pull names at most this many devices whose rejections it wants. */
export const MAX_REJECTION_CLIENTS = 20;
