import { leaderboardPageEnabled } from '../gateway.config';
import { STATIC_CONTENT_TYPES } from '../static-pages/static-file';

describe('leaderboardPageEnabled', () => {
  it('is on outside production, off in production, and the setting wins either way', () => {
    expect(leaderboardPageEnabled({ NODE_ENV: 'development', LEADERBOARD_PAGE_ENABLED: undefined })).toBe(true);
    expect(leaderboardPageEnabled({ NODE_ENV: 'test', LEADERBOARD_PAGE_ENABLED: undefined })).toBe(true);
    expect(leaderboardPageEnabled({ NODE_ENV: 'production', LEADERBOARD_PAGE_ENABLED: undefined })).toBe(false);
    expect(leaderboardPageEnabled({ NODE_ENV: 'production', LEADERBOARD_PAGE_ENABLED: true })).toBe(true);
    expect(leaderboardPageEnabled({ NODE_ENV: 'development', LEADERBOARD_PAGE_ENABLED: false })).toBe(false);
  });
});

describe('the page files served', () => {
  it('are only the kinds a page is made of, each with a type browsers will not second-guess', () => {
    expect(Object.keys(STATIC_CONTENT_TYPES).sort()).toEqual(['.css', '.html', '.js', '.svg']);
    expect(STATIC_CONTENT_TYPES['.js']).toBe('text/javascript; charset=utf-8');
  });
});
