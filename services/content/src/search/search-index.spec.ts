import fc from 'fast-check';
import { SearchDocument } from './search-documents';
import { SearchIndex } from './search-index';
import { snippetOf } from './snippet';
import { normalizeTerm, tokenize } from './tokenize';

const doc = (id: string, name: string, text: string, gameId = 'g', kind = 'k'): SearchDocument => ({
  id,
  kind,
  gameId,
  fields: [
    { name: 'name', text: name, weight: 4 },
    { name: 'text', text, weight: 1 },
  ],
});

describe('tokenize', () => {
  it('lower-cases, drops diacritics and punctuation, and keeps offsets into the original', () => {
    expect(tokenize('Émira: see Script 042.')).toEqual([
      { term: 'emira', start: 0, end: 5 },
      { term: 'see', start: 7, end: 10 },
      { term: 'script', start: 11, end: 17 },
      { term: '042', start: 18, end: 21 },
    ]);
  });

  it('gives nothing for text without letters or digits', () => {
    expect(tokenize(' – … ')).toEqual([]);
  });

  it('normalizes plain ASCII words, on its shortcut, exactly as the full Unicode path would', () => {
    const unicodePath = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (word) => normalizeTerm(word) === unicodePath(word)));
    expect(normalizeTerm('Zoë')).toBe('zoe');
    expect(normalizeTerm('SCRIPT')).toBe('script');
  });
});

describe('SearchIndex', () => {
  const index = new SearchIndex([
    doc('a', 'Fire', 'Each Stalker on a space with fire loses 4HP.', 'zs', 'zs-card'),
    doc('b', 'Blizzard', 'Fire cannot burn in the snow.', 'zs', 'zs-card'),
    doc('c', 'Campfire stories', 'Warm nights by the fire, fire and more fire.', 'twom', 'twom-card'),
    doc('d', 'Hidden Stash', 'A stash full of valuable stuff.', 'twom', 'twom-card'),
  ]);
  const ids = (query: string, options = {}) => index.search(query, { limit: 10, ...options }).map((hit) => hit.id);

  it('ranks a match in the name above matches in the text', () => {
    expect(ids('fire')[0]).toBe('a');
  });

  it('ranks by term frequency among text matches', () => {
    expect(ids('fire').slice(1)).toEqual(['c', 'b']);
  });

  it('requires every term to match', () => {
    expect(ids('fire snow')).toEqual(['b']);
    expect(ids('fire stash')).toEqual([]);
  });

  it('matches the last term as a prefix, and only the last', () => {
    expect(ids('blizz')).toEqual(['b']);
    expect(ids('stas valuable')).toEqual([]);
    expect(ids('valuable sta')).toEqual(['d']);
  });

  it('prefers the exact word over longer words sharing its prefix', () => {
    const hits = index.search('camp', { limit: 10 });
    expect(hits.map((hit) => hit.id)).toEqual(['c']);
    expect(index.termsWithPrefix('camp')).toEqual(['campfire']);
  });

  it('filters by game and kind', () => {
    expect(ids('fire', { gameId: 'twom' })).toEqual(['c']);
    expect(ids('fire', { kinds: ['zs-card'] })).toEqual(['a', 'b']);
  });

  it('reports the best-scoring field and a highlighted snippet', () => {
    const [hit] = index.search('stash', { limit: 1 });
    expect(hit.field).toBe('name');
    expect(hit.snippet.marked).toBe('Hidden «Stash»');
    expect(hit.snippet.highlights).toEqual([{ start: 7, end: 12 }]);
  });

  it('returns nothing for a query without words and caps results at the limit', () => {
    expect(ids('...')).toEqual([]);
    expect(index.search('fire', { limit: 2 })).toHaveLength(2);
  });
});

describe('snippetOf', () => {
  it('highlights every match and gives their offsets in the plain excerpt', () => {
    const snippet = snippetOf('Fire here, fire there.', (term) => term === 'fire');
    expect(snippet.marked).toBe('«Fire» here, «fire» there.');
    expect(snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end))).toEqual(['Fire', 'fire']);
  });

  it('centres a late match in a window cut at word boundaries', () => {
    const text = `${'word '.repeat(60)}target ${'tail '.repeat(60)}`;
    const snippet = snippetOf(text, (term) => term === 'target', 80);
    expect(snippet.text.startsWith('…word')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.marked).toContain('«target»');
    expect(snippet.text.length).toBeLessThanOrEqual(82);
    const [range] = snippet.highlights;
    expect(snippet.text.slice(range.start, range.end)).toBe('target');
  });
});
