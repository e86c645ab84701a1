import { acceptsOnlyLegacyJson } from './http-semantics.plugin';

describe('acceptsOnlyLegacyJson', () => {
  it('is true for a client that lists application/json alone', () => {
    expect(acceptsOnlyLegacyJson('application/json')).toBe(true);
    expect(acceptsOnlyLegacyJson('application/json; charset=utf-8')).toBe(true);
    expect(acceptsOnlyLegacyJson('text/html, application/json;q=0.9')).toBe(true);
  });

  it('is false for a client that knows the GraphQL response media type, asks for anything, or says nothing', () => {
    expect(acceptsOnlyLegacyJson('application/graphql-response+json, application/json;q=0.9')).toBe(false);
    expect(acceptsOnlyLegacyJson('*/*')).toBe(false);
    expect(acceptsOnlyLegacyJson(undefined)).toBe(false);
    expect(acceptsOnlyLegacyJson('')).toBe(false);
  });

  it('ignores a media type refused with q=0', () => {
    expect(acceptsOnlyLegacyJson('application/json;q=0')).toBe(false);
    expect(acceptsOnlyLegacyJson('application/json, application/graphql-response+json;q=0')).toBe(true);
  });
});
