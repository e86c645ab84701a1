import { VersionFollower } from './version-follower';

describe('VersionFollower', () => {
  it('passes contiguous changes through one by one', () => {
    const follower = new VersionFollower(3);
    expect(follower.accept({ fromVersion: 3, version: 4 })).toEqual([{ fromVersion: 3, version: 4 }]);
    expect(follower.accept({ fromVersion: 4, version: 24 })).toEqual([{ fromVersion: 4, version: 24 }]);
    expect(follower.version).toBe(24);
    expect(follower.hasGap).toBe(false);
  });

  it('holds a change announced before the one it follows, then delivers both in order', () => {
    const follower = new VersionFollower(0);
    expect(follower.accept({ fromVersion: 2, version: 3 })).toEqual([]);
    expect(follower.hasGap).toBe(true);
    expect(follower.accept({ fromVersion: 0, version: 2 })).toEqual([
      { fromVersion: 0, version: 2 },
      { fromVersion: 2, version: 3 },
    ]);
    expect(follower.hasGap).toBe(false);
  });

  it('ignores what was already delivered, including the change a subscription started at', () => {
    const follower = new VersionFollower(5);
    expect(follower.accept({ fromVersion: 4, version: 5 })).toEqual([]);
    expect(follower.accept({ fromVersion: 3, version: 5 })).toEqual([]);
    expect(follower.hasGap).toBe(false);
  });

  it('drops a held change that a wider one already covered', () => {
    const follower = new VersionFollower(1);
    expect(follower.accept({ fromVersion: 3, version: 4 })).toEqual([]);
    expect(follower.accept({ fromVersion: 1, version: 4 })).toEqual([{ fromVersion: 1, version: 4 }]);
    expect(follower.hasGap).toBe(false);
  });

  it('bridges a lost message with the version the database reports', () => {
    const follower = new VersionFollower(1);
    expect(follower.accept({ fromVersion: 3, version: 4 })).toEqual([]);
    expect(follower.catchUp(4)).toEqual([{ fromVersion: 1, version: 4 }]);
    expect(follower.hasGap).toBe(false);
    expect(follower.accept({ fromVersion: 4, version: 5 })).toEqual([{ fromVersion: 4, version: 5 }]);
  });

  it('keeps later held changes after catching up to an earlier version', () => {
    const follower = new VersionFollower(1);
    follower.accept({ fromVersion: 5, version: 6 });
    expect(follower.catchUp(5)).toEqual([
      { fromVersion: 1, version: 5 },
      { fromVersion: 5, version: 6 },
    ]);
    expect(follower.catchUp(6)).toEqual([]);
  });
});
