import { looksLikeRefreshToken, newRefreshToken, refreshTokenEnd, sessionEnd } from './session-secrets';

describe('refresh tokens and session lifetimes', () => {
  it('makes distinct 43-character base64url tokens that pass the shape check', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newRefreshToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(looksLikeRefreshToken(token)).toBe(true);
    expect(looksLikeRefreshToken('short')).toBe(false);
    expect(looksLikeRefreshToken(`${newRefreshToken().slice(0, 42)}=`)).toBe(false);
  });

  it('slides a token’s end with its issue but never past the session’s absolute end', () => {
    const lifetimes = { idleDays: 90, maxDays: 365 };
    const start = new Date('2026-01-01T00:00:00Z');
    const end = sessionEnd(start, lifetimes);
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(refreshTokenEnd(start, end, lifetimes).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(refreshTokenEnd(new Date('2026-12-01T00:00:00Z'), end, lifetimes)).toEqual(end);
  });
});
