/**
 * How far an opening has got, in percent, from the campaigns gone through
 * and the campaigns counted: what the unlock job reports as its progress and
 * what the group's envelope shows, computed once so the two agree. 100 only
 * once the envelope is OPENED; campaigns created while the job runs can make
 * `done` pass `total`, which counts as all but the end.
 */
export function envelopeProgressPercent(done: number, total: number, opened: boolean): number {
  if (opened) return 100;
  return Math.min(99, Math.floor((done / Math.max(total, done, 1)) * 100));
}
