import { BoardResponseCache } from './board-response-cache';

const page = (label: string, padding = 0) => ({ leaderboard: { label, padding: 'x'.repeat(padding) } });
const bytes = (data: object) => JSON.stringify(data).length;

describe('the page cache', () => {
  it('gives an answer back only at the versions it was kept at, and drops it once they moved', () => {
    const cache = new BoardResponseCache(1024);
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'miss' });
    cache.keep('top', '7', page('a'));
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'hit', data: page('a') });
    expect(cache.lookup('top', '8')).toEqual({ outcome: 'stale' });
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'miss' });
    expect(cache.size).toEqual({ entries: 0, jsonBytes: 0 });
    expect(cache.outcomes).toEqual({ hit: 1, miss: 2, stale: 1, bypass: 0 });
  });

  it('neither gives nor keeps anything while Redis holds no version', () => {
    const cache = new BoardResponseCache(1024);
    cache.keep('top', '7', page('a'));
    expect(cache.lookup('top', null)).toEqual({ outcome: 'bypass' });
    expect(cache.outcomes.bypass).toBe(1);
  });

  it('holds its JSON budget, dropping the least recently used first', () => {
    const one = bytes(page('a', 100));
    const cache = new BoardResponseCache(one * 2);
    cache.keep('a', '1', page('a', 100));
    cache.keep('b', '1', page('b', 100));
    expect(cache.lookup('a', '1').outcome).toBe('hit');
    cache.keep('c', '1', page('c', 100));
    expect(cache.lookup('b', '1').outcome).toBe('miss');
    expect(cache.lookup('a', '1').outcome).toBe('hit');
    expect(cache.lookup('c', '1').outcome).toBe('hit');
    expect(cache.size).toEqual({ entries: 2, jsonBytes: one * 2 });
    // Keeping a key again replaces it, counted once.
    cache.keep('c', '2', page('c', 100));
    expect(cache.size).toEqual({ entries: 2, jsonBytes: one * 2 });
    expect(cache.versionsOf('c')).toBe('2');
  });

  it('keeps no answer larger than the whole budget, and hands out answers no one can change', () => {
    const cache = new BoardResponseCache(64);
    cache.keep('big', '1', page('big', 100));
    expect(cache.size.entries).toBe(0);
    cache.keep('small', '1', page('s'));
    const found = cache.lookup('small', '1');
    if (found.outcome !== 'hit') throw new Error('expected a hit');
    expect(() => ((found.data.leaderboard as { label: string }).label = 'changed')).toThrow(TypeError);
  });
});
