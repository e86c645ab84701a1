import { refreshMarginMs, tokenLifetimeMs } from './access-token';
import { base64url, newDeviceId } from './device-id';

const jwt = (claims: object) => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('access token lifetime', () => {
  it('is read from the token’s own iat and exp, whatever the device clock says', () => {
    const token = jwt({ sub: 'player-1', iat: 1_700_000_000, exp: 1_700_000_900 });
    // expiresAt against a device clock an hour off would say otherwise.
    expect(tokenLifetimeMs(token, new Date(0).toISOString(), 3_600_000)).toBe(900_000);
  });

  it('falls back to expiresAt against the time the session arrived for a token that is not a JWT', () => {
    expect(tokenLifetimeMs('opaque', new Date(120_000).toISOString(), 60_000)).toBe(60_000);
    expect(tokenLifetimeMs('a.%%%.c', new Date(120_000).toISOString(), 60_000)).toBe(60_000);
  });

  it('refreshes a minute ahead, or a quarter ahead for short tokens', () => {
    expect(refreshMarginMs(900_000)).toBe(60_000);
    expect(refreshMarginMs(3_000)).toBe(750);
  });
});

describe('device ids', () => {
  it('are 32 random bytes as base64url without padding, the form docs/sign-in.md asks for', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256);
    expect(newDeviceId(() => bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    expect(newDeviceId(() => bytes)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([1, 2, 3, 16, 31])('encode %i bytes as Node does', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 91 + 200) % 256);
    expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });
});
