import { createHash } from 'node:crypto';
import { contentCacheTag, getOperationFrom, ifNoneMatchAccepts } from './cache-tag';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('getOperationFrom', () => {
  it('hashes the query text as Apollo does, and takes a persisted query by its hash', () => {
    const query = '{ games { id } }';
    expect(getOperationFrom(`?${new URLSearchParams({ query, variables: '{"a":1}', operationName: 'G' })}`)).toEqual({
      queryHash: sha256(query),
      operationName: 'G',
      variables: '{"a":1}',
    });
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
    expect(getOperationFrom(`?${new URLSearchParams({ extensions })}`)?.queryHash).toBe(sha256(query));
  });

  it('names no operation when there is neither a query nor a well-formed persisted hash', () => {
    expect(getOperationFrom('')).toBeUndefined();
    expect(getOperationFrom(`?${new URLSearchParams({ extensions: '{"persistedQuery":{"sha256Hash":"short"}}' })}`)).toBeUndefined();
    expect(getOperationFrom(`?${new URLSearchParams({ extensions: 'not json' })}`)).toBeUndefined();
  });
});

describe('contentCacheTag', () => {
  const operation = { queryHash: sha256('{ games { id } }'), operationName: undefined, variables: '' };

  it('changes with the content release, the variables, the operation name and the media type', () => {
    const tag = contentCacheTag('release-1', operation, 'application/json');
    expect(tag).toMatch(/^"[\w-]{43}"$/);
    expect(contentCacheTag('release-1', operation, 'application/json')).toBe(tag);
    expect(contentCacheTag('release-2', operation, 'application/json')).not.toBe(tag);
    expect(contentCacheTag('release-1', { ...operation, variables: '{"id":"twom"}' }, 'application/json')).not.toBe(tag);
    expect(contentCacheTag('release-1', { ...operation, operationName: 'Games' }, 'application/json')).not.toBe(tag);
    expect(contentCacheTag('release-1', operation, 'application/graphql-response+json')).not.toBe(tag);
  });
});

describe('ifNoneMatchAccepts', () => {
  it('matches the tag in a list, its weak form and *, and nothing else', () => {
    expect(ifNoneMatchAccepts('"a", "b"', '"b"')).toBe(true);
    expect(ifNoneMatchAccepts('W/"b"', '"b"')).toBe(true);
    expect(ifNoneMatchAccepts('*', '"b"')).toBe(true);
    expect(ifNoneMatchAccepts('"c"', '"b"')).toBe(false);
    expect(ifNoneMatchAccepts(undefined, '"b"')).toBe(false);
  });
});
