import { planReplay, replayBound } from './replay-plan';

/** The stored states around `target` when the snapshots at these versions exist. */
function around(target: number, snapshots: readonly number[], currentVersion: number) {
  const below = snapshots.filter((v) => v <= target);
  const above = snapshots.filter((v) => v > target);
  return { snapshotAtOrBelow: below.length ? Math.max(...below) : null, snapshotAbove: above.length ? Math.min(...above) : null, currentVersion };
}

describe('planReplay', () => {
  it('replays forwards within the bound for every version when version 0 and every snapshot due are stored', () => {
    for (const every of [1, 3, 7, 100]) {
      for (const currentVersion of [0, 1, every - 1, every, every + 1, 5 * every + 3]) {
        const snapshots = Array.from({ length: Math.floor(currentVersion / every) + 1 }, (_, i) => i * every);
        for (let target = 0; target <= currentVersion; target++) {
          const plan = planReplay(target, around(target, snapshots, currentVersion));
          expect(plan).toEqual({ fromVersion: Math.floor(target / every) * every, direction: 'forward', changes: target % every });
          expect(plan.changes).toBeLessThanOrEqual(replayBound(every));
        }
      }
    }
  });

  it('with a snapshot missing, goes forwards from the nearest one below, past the bound', () => {
    expect(planReplay(230, around(230, [0, 100, 300], 340))).toEqual({ fromVersion: 100, direction: 'forward', changes: 130 });
    expect(planReplay(99, around(99, [0, 300], 340))).toEqual({ fromVersion: 0, direction: 'forward', changes: 99 });
  });

  it('for a campaign made before version 0 was kept, takes versions before its first snapshot back from the nearest stored state above', () => {
    expect(planReplay(30, around(30, [100, 200], 240))).toEqual({ fromVersion: 100, direction: 'backward', changes: 70 });
    expect(planReplay(30, around(30, [], 40))).toEqual({ fromVersion: 40, direction: 'backward', changes: 10 });
    expect(planReplay(0, around(0, [], 0))).toEqual({ fromVersion: 0, direction: 'backward', changes: 0 });
  });
});
