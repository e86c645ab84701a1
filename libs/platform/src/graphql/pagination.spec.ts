import { BadUserInputError } from '../errors/domain-errors';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageSize, toConnection } from './pagination';

describe('pagination', () => {
  it('defaults and bounds the page size', () => {
    expect(pageSize(undefined)).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSize(MAX_PAGE_SIZE)).toBe(MAX_PAGE_SIZE);
    for (const bad of [0, -1, MAX_PAGE_SIZE + 1, 1.5]) expect(() => pageSize(bad)).toThrow(BadUserInputError);
  });

  it('round-trips a cursor and rejects one it did not make', () => {
    expect(decodeCursor(encodeCursor(['abc', 3]), 2)).toEqual(['abc', 3]);
    expect(() => decodeCursor('not a cursor', 1)).toThrow(/after is not a cursor/);
    expect(() => decodeCursor(encodeCursor(['a']), 2)).toThrow(BadUserInputError);
  });

  it('uses the extra fetched row only to say another page exists', () => {
    const page = toConnection(['a', 'b', 'c'], 2, (row) => `c-${row}`, false);
    expect(page.edges.map((edge) => edge.node)).toEqual(['a', 'b']);
    expect(page.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: 'c-a', endCursor: 'c-b' });
    expect(toConnection([], 2, String, true).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: true,
      startCursor: null,
      endCursor: null,
    });
  });
});
