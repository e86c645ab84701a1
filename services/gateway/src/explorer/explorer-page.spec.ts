import { explorerEnabled } from '../gateway.config';
import { prefersHtml } from './explorer-page';

describe('prefersHtml', () => {
  it('is true for a browser navigating, and false for GraphQL clients and for clients that accept anything', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/graphql-response+json, application/json')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
  });
});

describe('explorerEnabled', () => {
  it('is on outside production, off in production, and the setting wins either way', () => {
    expect(explorerEnabled({ NODE_ENV: 'development', EXPLORER_ENABLED: undefined })).toBe(true);
    expect(explorerEnabled({ NODE_ENV: 'production', EXPLORER_ENABLED: undefined })).toBe(false);
    expect(explorerEnabled({ NODE_ENV: 'production', EXPLORER_ENABLED: true })).toBe(true);
    expect(explorerEnabled({ NODE_ENV: 'development', EXPLORER_ENABLED: false })).toBe(false);
  });
});
