import jwt from 'jsonwebtoken';
import { BaseConfig } from '../config/config';
import { TEST_JWT_SECRET } from '../testing/test-environment';
import { TokenService } from './token.service';

/** Tokens are checked once and remembered until their expiry; these hold the remembering to the same answers. */
describe('TokenService verification', () => {
  const start = new Date('2026-12-01T10:00:00.000Z');
  const tokens = new TokenService({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '2s' } as BaseConfig);
  const bearer = (token: string) => `Bearer ${token}`;

  beforeEach(() => jest.useFakeTimers({ now: start }));
  afterEach(() => jest.useRealTimers());

  it('refuses a token it accepted before, once the token has expired', async () => {
    const { accessToken } = tokens.issue('player-1', 'session-1');
    expect(await tokens.viewerOf(bearer(accessToken))).toEqual({ kind: 'player', playerId: 'player-1', sessionId: 'session-1' });
    jest.setSystemTime(start.getTime() + 1_999);
    expect(await tokens.viewerOf(bearer(accessToken))).toEqual({ kind: 'player', playerId: 'player-1', sessionId: 'session-1' });
    jest.setSystemTime(start.getTime() + 2_000);
    expect(await tokens.viewerOf(bearer(accessToken))).toEqual({ kind: 'invalid', reason: 'the access token has expired' });
  });

  it('works a request\'s viewer out once, however many of its handlers ask, and each request anew', async () => {
    const { accessToken } = tokens.issue('player-4', 'session-4');
    const directory = { asked: 0, exists: async () => ((directory.asked += 1), true) };
    const checking = new TokenService({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '2s' } as BaseConfig, undefined, directory);
    const request = { headers: { authorization: bearer(accessToken) } };
    const [first, second] = [await checking.viewerOfRequest(request), await checking.viewerOfRequest(request)];
    expect(first).toEqual({ kind: 'player', playerId: 'player-4', sessionId: 'session-4' });
    expect(second).toBe(first);
    expect(directory.asked).toBe(1);
    await checking.viewerOfRequest({ headers: { authorization: bearer(accessToken) } });
    expect(directory.asked).toBe(2);
  });

  it('refuses a token altered after a genuine one was accepted', async () => {
    const { accessToken } = tokens.issue('player-2');
    expect(await tokens.viewerOf(bearer(accessToken))).toEqual({ kind: 'player', playerId: 'player-2' });
    const [header, , signature] = accessToken.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: 'player-3', iss: 'scriptbook', aud: 'scriptbook-api', exp: 4_000_000_000 })).toString('base64url');
    expect(await tokens.viewerOf(bearer(`${header}.${claims}.${signature}`))).toEqual({ kind: 'invalid', reason: 'the access token is not valid' });
  });

  it('refuses a correctly signed token that carries no expiry, which would otherwise never stop working', async () => {
    const claims = { iss: 'scriptbook', aud: 'scriptbook-api', sub: 'player-5', sid: 'session-5' };
    const endless = jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256' });
    expect(jwt.decode(endless)).not.toHaveProperty('exp');
    expect(await tokens.viewerOf(bearer(endless))).toEqual({ kind: 'invalid', reason: 'the access token is not valid' });
    const expiring = jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: '1m' });
    expect(await tokens.viewerOf(bearer(expiring))).toEqual({ kind: 'player', playerId: 'player-5', sessionId: 'session-5' });
  });

  it('refuses a token signed with another secret', async () => {
    const stranger = new TokenService({ JWT_SECRET: `${TEST_JWT_SECRET}-other`, JWT_TTL: '1h' } as BaseConfig);
    expect(await tokens.viewerOf(bearer(stranger.issue('player-4').accessToken))).toEqual({ kind: 'invalid', reason: 'the access token is not valid' });
  });
});
