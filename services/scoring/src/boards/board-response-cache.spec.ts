import { BoardResponseCache, KeptAnswer } from './board-response-cache';

const page = (label: string, padding = 0): KeptAnswer => ({
  versionKeys: ['version'],
  versions: '',
  body: Buffer.from(`${JSON.stringify({ data: { leaderboard: { label, padding: 'x'.repeat(padding) } } })}\n`),
  headers: [],
});
const at = (versions: string, answer: KeptAnswer): KeptAnswer => ({ ...answer, versions });

describe('the page cache', () => {
  it('gives an answer back only at the versions it was kept at, and drops it once they moved', () => {
    const cache = new BoardResponseCache(1024);
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'miss' });
    cache.keep('top', at('7', page('a')));
    expect(cache.peek('top')?.versionKeys).toEqual(['version']);
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'hit', answer: at('7', page('a')) });
    expect(cache.lookup('top', '8')).toEqual({ outcome: 'stale' });
    expect(cache.lookup('top', '7')).toEqual({ outcome: 'miss' });
    expect(cache.peek('top')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, jsonBytes: 0 });
    cache.count('miss');
    expect(cache.outcomes).toEqual({ hit: 1, miss: 3, stale: 1, bypass: 0 });
  });

  it('gives nothing while Redis holds no version', () => {
    const cache = new BoardResponseCache(1024);
    cache.keep('top', at('7', page('a')));
    expect(cache.lookup('top', null)).toEqual({ outcome: 'bypass' });
    expect(cache.outcomes.bypass).toBe(1);
  });

  it('holds its budget of body bytes, dropping the least recently used first', () => {
    const one = page('a', 100).body.length;
    const cache = new BoardResponseCache(one * 2);
    cache.keep('a', at('1', page('a', 100)));
    cache.keep('b', at('1', page('b', 100)));
    expect(cache.lookup('a', '1').outcome).toBe('hit');
    cache.keep('c', at('1', page('c', 100)));
    expect(cache.lookup('b', '1').outcome).toBe('miss');
    expect(cache.lookup('a', '1').outcome).toBe('hit');
    expect(cache.lookup('c', '1').outcome).toBe('hit');
    expect(cache.size).toEqual({ entries: 2, jsonBytes: one * 2 });
    // Keeping a key again replaces it, counted once.
    cache.keep('c', at('2', page('c', 100)));
    expect(cache.size).toEqual({ entries: 2, jsonBytes: one * 2 });
    expect(cache.peek('c')?.versions).toBe('2');
  });

  it('keeps no answer larger than the whole budget', () => {
    const cache = new BoardResponseCache(64);
    cache.keep('big', at('1', page('big', 100)));
    expect(cache.size.entries).toBe(0);
    cache.keep('small', at('1', page('s')));
    expect(cache.size.entries).toBe(1);
  });
});
