import type { PushTarget, PushWrite } from './push-statements';
import { PushTargetCache } from './push-target-cache';

const target = (overrides: Partial<PushTarget> = {}): PushTarget => ({
  id: 'c1',
  gameId: 'twom',
  groupId: 'g1',
  seed: null,
  state: { storage: { Wood: 1 } },
  version: 1,
  archivedAt: null,
  deletedAt: null,
  lastSeq: 3,
  rowVersion: '100',
  ...overrides,
});
const write = (overrides: Partial<PushWrite> = {}): PushWrite => ({
  campaignId: 'c1',
  clientId: 'phone',
  playerId: 'ana',
  appliedAt: 0,
  applied: [{ seq: 4, name: 'add-resource', args: {}, delta: [], version: 2 }],
  rejected: [],
  state: { storage: { Wood: 2 } },
  version: 2,
  lastSeq: 4,
  ...overrides,
});

describe('PushTargetCache', () => {
  it('knows a device only at the row version it learned that device’s seq', () => {
    const cache = new PushTargetCache();
    cache.read(target(), 'phone');
    expect(cache.get('c1', 'phone')).toEqual(target());
    expect(cache.get('c1', 'laptop')).toBeNull();
    cache.read(target({ lastSeq: 7 }), 'laptop');
    expect(cache.get('c1', 'phone')?.lastSeq).toBe(3);
    // A read at another row version forgets the seqs known at the old one.
    cache.read(target({ rowVersion: '101', version: 2, lastSeq: 8 }), 'laptop');
    expect(cache.get('c1', 'phone')).toBeNull();
    expect(cache.get('c1', 'laptop')).toMatchObject({ lastSeq: 8, version: 2 });
  });

  it('after a write, keeps the other devices’ seqs and the written state at the new row version', () => {
    const cache = new PushTargetCache();
    cache.read(target({ lastSeq: 9 }), 'laptop');
    cache.read(target(), 'phone');
    cache.wrote(target(), write(), '105');
    expect(cache.get('c1', 'phone')).toEqual(target({ state: { storage: { Wood: 2 } }, version: 2, lastSeq: 4, rowVersion: '105' }));
    expect(cache.get('c1', 'laptop')).toMatchObject({ lastSeq: 9, rowVersion: '105' });
  });

  it('hands out a fresh copy of the state each time', () => {
    const cache = new PushTargetCache();
    cache.read(target(), 'phone');
    (cache.get('c1', 'phone')!.state as { storage: { Wood: number } }).storage.Wood = 99;
    expect(cache.get('c1', 'phone')!.state).toEqual({ storage: { Wood: 1 } });
  });

  it('keeps the state as it was when every action of the write was rejected', () => {
    const cache = new PushTargetCache();
    cache.wrote(target(), write({ applied: [], state: null, version: 1 }), '106');
    expect(cache.get('c1', 'phone')).toMatchObject({ state: { storage: { Wood: 1 } }, version: 1, lastSeq: 4 });
  });

  it('drops a row when a newer version is announced, not when its own is', () => {
    const cache = new PushTargetCache();
    cache.read(target(), 'phone');
    cache.heard('c1', 1);
    expect(cache.get('c1', 'phone')).not.toBeNull();
    cache.heard('c1', 2);
    expect(cache.get('c1', 'phone')).toBeNull();
  });

  it('offers a row for ten minutes, and nothing without a row version (SQLite)', () => {
    let now = 0;
    const cache = new PushTargetCache(() => now);
    cache.read(target(), 'phone');
    cache.read(target({ id: 'c2', rowVersion: null }), 'phone');
    expect(cache.get('c2', 'phone')).toBeNull();
    now = 10 * 60_000 - 1;
    expect(cache.get('c1', 'phone')).not.toBeNull();
    now += 1;
    expect(cache.get('c1', 'phone')).toBeNull();
  });
});
