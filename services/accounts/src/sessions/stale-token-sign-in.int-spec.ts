import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_JWT_SECRET, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { refusal } from '../groups/group-test-kit';
import { accountRows, deviceSession, LOGIN, newDeviceId, REFRESH, Session, SIGN_IN_WITH_DEVICE } from './session-test-kit';

jest.setTimeout(30_000);

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) { accessToken expiresAt refreshToken refreshExpiresAt player { id displayName hasEmail } }
}`;
const EXPIRED_ACCESS_TOKEN = { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-expired' };

/** The player and session an access token names. */
const claimsOf = (accessToken: string) => jwt.decode(accessToken) as { sub: string; sid: string };

/**
 * Apps send their current access token with every operation, the refresh
 * included: urql's authExchange and Apollo Client's auth links add it
 * without asking, and by then it has usually expired. The sign-in mutations
 * need no token, so whatever the header holds must not spoil their answer.
 */
describe('signing in and refreshing with an old token still in the header', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let address = 0;
  const call = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    graphql(service.url, query, variables, token, { clientAddress: `203.0.113.${address}` });

  /** A token exactly as accounts issues them for `session`, but expired a minute ago. */
  const expiredTokenOf = (session: Session) => {
    const { sub, sid } = claimsOf(session.accessToken);
    return jwt.sign({ sid }, TEST_JWT_SECRET, { algorithm: 'HS256', subject: sub, issuer: 'scriptbook', audience: 'scriptbook-api', expiresIn: -60 });
  };
  /** The access token of a session that has been signed out. */
  const endedToken = async () => {
    const session = await deviceSession(service.url, newDeviceId());
    expect((await call('mutation { signOut }', {}, session.accessToken)).data).toEqual({ signOut: true });
    return session.accessToken;
  };

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
  });

  beforeEach(() => {
    address += 1;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('refreshes with an expired, a signed-out, a malformed or another player’s token in the header, answering for the refreshed session', async () => {
    const other = await deviceSession(service.url, newDeviceId());
    const owner = await deviceSession(service.url, newDeviceId());
    const headers: [string, string][] = [
      ['expired', expiredTokenOf(owner)],
      ['signed out', await endedToken()],
      ['malformed', 'not-a-token'],
      ['another player’s', other.accessToken],
    ];
    let refreshToken = owner.refreshToken;
    for (const [, header] of headers) {
      const refreshed = await call(REFRESH, { token: refreshToken }, header);
      expect(refreshed.errors).toBeUndefined();
      const session: Session = refreshed.data!.refreshSession;
      expect(session.player).toEqual({ id: owner.player.id, displayName: 'Player', hasEmail: false });
      expect(claimsOf(session.accessToken)).toMatchObject({ sub: owner.player.id, sid: claimsOf(owner.accessToken).sid });
      refreshToken = session.refreshToken;
    }
    // Each refresh rotated: the last token still works, and every earlier one was spent once only.
    expect((await call(REFRESH, { token: refreshToken })).errors).toBeUndefined();
  });

  it('signs in by device, by email and by registering with an expired token in the header, and the payload is complete', async () => {
    const stale = expiredTokenOf(await deviceSession(service.url, newDeviceId()));

    const device = await call(SIGN_IN_WITH_DEVICE, { input: { deviceId: newDeviceId(), displayName: 'Ana' } }, stale);
    expect(device.errors).toBeUndefined();
    expect(device.data!.signInWithDevice.player).toMatchObject({ displayName: 'Ana', hasEmail: false });
    expect(claimsOf(device.data!.signInWithDevice.accessToken).sub).toBe(device.data!.signInWithDevice.player.id);

    const email = `ben-${isolation.id}@example.org`;
    const registered = await call(REGISTER, { input: { email, password: 'a long password', displayName: 'Ben' } }, stale);
    expect(registered.errors).toBeUndefined();
    expect(registered.data!.registerPlayer.player).toMatchObject({ displayName: 'Ben', hasEmail: true });

    const login = await call(LOGIN, { input: { email, password: 'a long password' } }, stale);
    expect(login.errors).toBeUndefined();
    expect(login.data!.login.player).toEqual({ id: registered.data!.registerPlayer.player.id, displayName: 'Ben', hasEmail: true });
  });

  it('answers only the sign-in’s own payload for its session: the rest of the operation still goes by the header', async () => {
    const stale = expiredTokenOf(await deviceSession(service.url, newDeviceId()));
    const both = await call(
      `mutation($input: SignInWithDeviceInput!) { signIn: signInWithDevice(input: $input) { player { id hasEmail } } out: signOut }`,
      { input: { deviceId: newDeviceId() } },
      stale,
    );
    // signOut's answer is non-null, so its refusal nulls the whole answer: the one error is its own, none is the sign-in's.
    expect(both.errors).toHaveLength(1);
    expect(both.errors![0]).toMatchObject({ path: ['out'], extensions: EXPIRED_ACCESS_TOKEN });
  });

  it('tells an expired access token ("refresh and retry") apart from a refused refresh ("sign in again") in the extensions', async () => {
    const session = await deviceSession(service.url, newDeviceId());
    expect(refusal(await call('{ me { id } }', {}, expiredTokenOf(session)))).toEqual(EXPIRED_ACCESS_TOKEN);
    expect((await call('{ me { id } }', {}, expiredTokenOf(session))).errors![0].message).toMatch(/refresh/);

    const rotated = await call(REFRESH, { token: session.refreshToken }, expiredTokenOf(session));
    expect(rotated.errors).toBeUndefined();
    expect((await call(REFRESH, { token: rotated.data!.refreshSession.refreshToken }, expiredTokenOf(session))).errors).toBeUndefined();
    // The first refresh token again, its successor used, sent with the expired access token as an app's auth link would: refused for the refresh token.
    expect(refusal(await call(REFRESH, { token: session.refreshToken }, expiredTokenOf(session)))).toEqual({
      code: 'UNAUTHENTICATED',
      field: 'refreshToken',
      rule: 'reused',
    });
    expect(refusal(await call(REFRESH, { token: 'A'.repeat(43) }, expiredTokenOf(session)))).toEqual({
      code: 'UNAUTHENTICATED',
      field: 'refreshToken',
      rule: 'unknown',
    });
  });

  it('answers signOut with false for a session that already ended, and refuses a token that is not one, writing nothing', async () => {
    const session = await deviceSession(service.url, newDeviceId());
    const live = await deviceSession(service.url, newDeviceId());
    expect((await call('mutation { signOut }', {}, session.accessToken)).data).toEqual({ signOut: true });
    const before = await accountRows(dataSource);
    const again = await call('mutation { signOut }', {}, session.accessToken);
    expect(again).toMatchObject({ data: { signOut: false } });
    expect(again.errors).toBeUndefined();

    expect(refusal(await call('mutation { signOut }', {}, 'not-a-token'))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-invalid' });
    // An expired token is refused here as everywhere: the app refreshes (or simply forgets its tokens) first.
    expect(refusal(await call('mutation { signOut }', {}, expiredTokenOf(live)))).toEqual(EXPIRED_ACCESS_TOKEN);
    expect(await accountRows(dataSource)).toEqual(before);
    // The ended session's token still reads nothing else.
    expect(refusal(await call('{ me { id } }', {}, session.accessToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
  });
});
