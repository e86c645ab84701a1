/**
 * Where the state at a version is computed from, and how many logged
 * changes that costs. The stored states are the snapshots: version 0, kept
 * when the campaign is created, and every multiple of the interval, written
 * by the worker. A replay goes forwards from the nearest snapshot at or
 * below the target, applying each change as the push applied it, so it is
 * exact. Only a campaign made before version 0 was kept has no snapshot
 * below its early versions; those are taken back from the nearest stored
 * state above (a snapshot, or the campaign row at its current version),
 * newest change first with their inverses, as the snapshot worker does.
 */
export interface ReplayPlan {
  /** The version of the stored state the replay starts from. */
  readonly fromVersion: number;
  /** `forward` applies the changes after `fromVersion` up to the target; `backward` takes back those after the target up to `fromVersion`. */
  readonly direction: 'forward' | 'backward';
  /** How many logged changes the replay reads and applies. */
  readonly changes: number;
}

/** The stored states around a target version: the nearest snapshot at or below it, the nearest above it, and the current version. */
export interface StoredAround {
  readonly snapshotAtOrBelow: number | null;
  readonly snapshotAbove: number | null;
  readonly currentVersion: number;
}

/** The replay to `target` (0 to `currentVersion`): forwards from the snapshot at or below it, else backwards from the nearest stored state above. */
export function planReplay(target: number, stored: StoredAround): ReplayPlan {
  if (stored.snapshotAtOrBelow !== null) return { fromVersion: stored.snapshotAtOrBelow, direction: 'forward', changes: target - stored.snapshotAtOrBelow };
  const above = stored.snapshotAbove !== null && stored.snapshotAbove < stored.currentVersion ? stored.snapshotAbove : stored.currentVersion;
  return { fromVersion: above, direction: 'backward', changes: above - target };
}

/**
 * The most changes a replay costs when every snapshot due is stored
 * (`every` = `CAMPAIGN_SNAPSHOT_EVERY`, 100 by default): the target lies at
 * most `every - 1` versions above a multiple of `every` or above version 0.
 */
export function replayBound(every: number): number {
  return every - 1;
}
