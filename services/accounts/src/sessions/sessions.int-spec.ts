import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { refusal } from '../groups/group-test-kit';
import { accountRows, deviceSession, LINK_EMAIL, LOGIN, newDeviceId, REFRESH, Session } from './session-test-kit';
import { SessionsService } from './sessions.service';

jest.setTimeout(30_000);

const ME = '{ me { id } }';
const MY_SESSIONS = `query($first: Int, $after: String) {
  mySessions(first: $first, after: $after) {
    edges { node { id signInMethod deviceLabel current createdAt lastUsedAt expiresAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('sessions and refresh tokens on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let address = 0;
  // Each test calls from its own address, so the per-address limits of one do not reach the next.
  const call = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    graphql(service.url, query, variables, token, { clientAddress: `192.0.2.${address}` });
  const refresh = (token: string) => call(REFRESH, { token });

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

  it('issues a short-lived access token naming its session, with a refresh token', async () => {
    const session = await deviceSession(service.url, newDeviceId());
    const response = await call(`mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { expiresAt refreshExpiresAt } }`, {
      input: { deviceId: newDeviceId() },
    });
    const { expiresAt, refreshExpiresAt } = response.data!.signInWithDevice;
    const accessMinutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(accessMinutes).toBeGreaterThan(14);
    expect(accessMinutes).toBeLessThanOrEqual(15);
    const refreshDays = (Date.parse(refreshExpiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(refreshDays)).toBe(90);
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: session.player.id, sid: expect.any(String) });
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await dataSource.query('SELECT * FROM refresh_tokens'))).not.toContain(session.refreshToken);
  });

  it('rotates the refresh token: the new one works, and the old one, used again, ends the whole session', async () => {
    const start = await deviceSession(service.url, newDeviceId());
    const first = await refresh(start.refreshToken);
    expect(first.errors).toBeUndefined();
    const rotated: Session = first.data!.refreshSession;
    expect(rotated.player.id).toBe(start.player.id);
    expect(rotated.refreshToken).not.toBe(start.refreshToken);
    expect((await call(ME, {}, rotated.accessToken)).data!.me).toEqual({ id: start.player.id });

    const second = await refresh(rotated.refreshToken);
    expect(second.errors).toBeUndefined();
    const latest: Session = second.data!.refreshSession;

    const replay = await refresh(start.refreshToken);
    expect(replay.data).toBeNull();
    expect(refusal(replay)).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
    // The thief and the owner cannot tell each other apart, so the latest token stops too, and so do the session's access tokens.
    expect(refusal(await refresh(latest.refreshToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'ended' });
    for (const token of [start.accessToken, rotated.accessToken, latest.accessToken]) {
      expect(refusal(await call(ME, {}, token))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    }
  });

  it('ends only the reused session, not the player’s others', async () => {
    const deviceId = newDeviceId();
    const kept = await deviceSession(service.url, deviceId);
    const stolen = await deviceSession(service.url, deviceId);
    const owner: Session = (await refresh(stolen.refreshToken)).data!.refreshSession;
    expect(refusal(await refresh(owner.refreshToken))).toBeUndefined();
    expect(refusal(await refresh(stolen.refreshToken))).toMatchObject({ rule: 'reused' });
    expect((await call(ME, {}, kept.accessToken)).data!.me).toEqual({ id: kept.player.id });
    expect(refusal(await refresh(kept.refreshToken))).toBeUndefined();
  });

  it('retries a refresh whose answer was lost: the same token gets a new pair, and the lost answer’s token is void', async () => {
    const start = await deviceSession(service.url, newDeviceId());
    const lost: Session = (await refresh(start.refreshToken)).data!.refreshSession;
    const retried = await refresh(start.refreshToken);
    expect(retried.errors).toBeUndefined();
    const kept: Session = retried.data!.refreshSession;
    expect(kept.refreshToken).not.toBe(lost.refreshToken);
    expect((await call(ME, {}, kept.accessToken)).data!.me).toEqual({ id: start.player.id });
    const live = await dataSource.query(`SELECT COUNT(*) AS n FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE s.player_id = $1 AND r.replaced_at IS NULL`, [start.player.id]);
    expect(Number(live[0].n)).toBe(1);

    // The session goes on from the retry's token; the token of the lost answer was never meant to arrive, so its use is reuse.
    const next: Session = (await refresh(kept.refreshToken)).data!.refreshSession;
    expect(refusal(await refresh(lost.refreshToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
    expect(refusal(await refresh(next.refreshToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'ended' });
  });

  it('counts a replaced token as reuse once its successor was used, or once the retry window has passed', async () => {
    const used = await deviceSession(service.url, newDeviceId());
    const successor: Session = (await refresh(used.refreshToken)).data!.refreshSession;
    expect(refusal(await refresh(successor.refreshToken))).toBeUndefined();
    expect(refusal(await refresh(used.refreshToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });

    const late = await deviceSession(service.url, newDeviceId());
    const sessions = service.app.get(SessionsService);
    await sessions.refresh(late.refreshToken, '192.0.2.251');
    // REFRESH_RETRY_WINDOW_SECONDS is 300 by default.
    const afterWindow = new Date(Date.now() + 301_000);
    await expect(sessions.refresh(late.refreshToken, '192.0.2.251', afterWindow)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { field: 'refreshToken', rule: 'reused' },
    });
  });

  it('leaves a session one live refresh token however two simultaneous refreshes with one token fall', async () => {
    const start = await deviceSession(service.url, newDeviceId());
    const answers = await Promise.all([refresh(start.refreshToken), refresh(start.refreshToken)]);
    // The second either meets the first's lock (reuse: the session ends) or sees it committed (a retry: the first's token is voided).
    const rules = answers.map((answer) => refusal(answer)?.rule ?? 'rotated').sort();
    expect([['reused', 'rotated'].join(), ['rotated', 'rotated'].join()]).toContain(rules.join());
    const working = [];
    for (const answer of answers.filter((one) => !one.errors)) {
      if (!refusal(await call(ME, {}, answer.data!.refreshSession.accessToken))) working.push(answer);
    }
    const live = await dataSource.query(`SELECT COUNT(*) AS n FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE s.player_id = $1 AND r.replaced_at IS NULL AND s.ended_at IS NULL`, [start.player.id]);
    expect(Number(live[0].n)).toBe(rules[0] === 'reused' ? 0 : 1);
    expect(working).toHaveLength(rules[0] === 'reused' ? 0 : 2);
  });

  it('refuses unknown, malformed and expired refresh tokens with UNAUTHENTICATED, writing nothing', async () => {
    const start = await deviceSession(service.url, newDeviceId());
    const before = await accountRows(dataSource);
    for (const token of ['', 'not-a-token', 'A'.repeat(43), `${start.refreshToken}x`]) {
      expect(refusal(await refresh(token))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'unknown' });
    }
    const sessions = service.app.get(SessionsService);
    const afterIdleLimit = new Date(Date.now() + 91 * 86_400_000);
    await expect(sessions.refresh(start.refreshToken, '192.0.2.250', afterIdleLimit)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { field: 'refreshToken', rule: 'expired' },
    });
    expect(await accountRows(dataSource)).toEqual(before);
    expect(refusal(await refresh(start.refreshToken))).toBeUndefined();
  });

  it('signs one session out: its refresh and access tokens stop, the player’s other sessions go on', async () => {
    const deviceId = newDeviceId();
    const leaving = await deviceSession(service.url, deviceId);
    const staying = await deviceSession(service.url, deviceId);
    const out = await call('mutation { signOut }', {}, leaving.accessToken);
    expect(out.data).toEqual({ signOut: true });
    expect(refusal(await refresh(leaving.refreshToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'ended' });
    const stale = await call(ME, {}, leaving.accessToken);
    expect(stale.errors![0].message).toContain('signed out');
    expect((await call(ME, {}, staying.accessToken)).data!.me).toEqual({ id: staying.player.id });
    expect(refusal(await call('mutation { signOut }'))).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('signs every session out at once', async () => {
    const deviceId = newDeviceId();
    const sessions = [await deviceSession(service.url, deviceId), await deviceSession(service.url, deviceId)];
    await call(LINK_EMAIL, { input: { email: `everywhere-${isolation.id}@example.org`, password: 'correct horse' } }, sessions[0].accessToken);
    const login = await call(LOGIN, { input: { email: `everywhere-${isolation.id}@example.org`, password: 'correct horse' } });
    sessions.push(login.data!.login);
    const bystander = await deviceSession(service.url, newDeviceId());

    const out = await call('mutation { signOutEverywhere }', {}, sessions[1].accessToken);
    expect(out.data).toEqual({ signOutEverywhere: 3 });
    for (const session of sessions) {
      expect(refusal(await refresh(session.refreshToken))).toMatchObject({ rule: 'ended' });
      expect(refusal(await call(ME, {}, session.accessToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    }
    expect((await call(ME, {}, bystander.accessToken)).data!.me).toEqual({ id: bystander.player.id });
    // Signing in again right away works: the sign-out voided sessions, not a span of time.
    const again = await deviceSession(service.url, deviceId);
    expect((await call(ME, {}, again.accessToken)).data!.me).toEqual({ id: again.player.id });
  });

  it('lists the player’s open sessions newest first, marking the current one, page by page', async () => {
    const deviceId = newDeviceId();
    const tablet = await deviceSession(service.url, deviceId, { deviceName: 'Tablet' });
    await call(LINK_EMAIL, { input: { email: `lister-${isolation.id}@example.org`, password: 'correct horse' } }, tablet.accessToken);
    const browser: Session = (await call(LOGIN, { input: { email: `lister-${isolation.id}@example.org`, password: 'correct horse' } })).data!.login;
    const ended = await deviceSession(service.url, deviceId);
    await call('mutation { signOut }', {}, ended.accessToken);

    const all = await call(MY_SESSIONS, {}, browser.accessToken);
    expect(all.errors).toBeUndefined();
    const nodes = all.data!.mySessions.edges.map((edge: any) => edge.node);
    expect(nodes.map((node: any) => [node.signInMethod, node.deviceLabel, node.current])).toEqual([
      ['EMAIL', null, true],
      ['DEVICE', 'Tablet', false],
    ]);
    expect(Date.parse(nodes[0].expiresAt)).toBeGreaterThan(Date.parse(nodes[0].lastUsedAt));

    const firstPage = await call(MY_SESSIONS, { first: 1 }, tablet.accessToken);
    expect(firstPage.data!.mySessions.edges.map((edge: any) => edge.node.current)).toEqual([false]);
    expect(firstPage.data!.mySessions.pageInfo.hasNextPage).toBe(true);
    const next = await call(MY_SESSIONS, { first: 1, after: firstPage.data!.mySessions.pageInfo.endCursor }, tablet.accessToken);
    expect(next.data!.mySessions.edges.map((edge: any) => [edge.node.deviceLabel, edge.node.current])).toEqual([['Tablet', true]]);
    expect(next.data!.mySessions.pageInfo.hasNextPage).toBe(false);

    const someoneElse = await deviceSession(service.url, newDeviceId());
    const theirs = await call(MY_SESSIONS, {}, someoneElse.accessToken);
    expect(theirs.data!.mySessions.edges).toHaveLength(1);
    expect(refusal(await call(MY_SESSIONS))).toEqual({ code: 'UNAUTHENTICATED' });
    expect(refusal(await call(MY_SESSIONS, { first: 0 }, tablet.accessToken))).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'range' });
  });
});

describe('device sign-in and refresh throttles on Redis', () => {
  const isolation = new TestIsolation();
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(
      accountsApp,
      isolation.postgresEnv('accounts', { DEVICE_ACCOUNT_LIMIT: '2', DEVICE_ADDRESS_LIMIT: '4', REFRESH_ACCOUNT_LIMIT: '2', REFRESH_ADDRESS_LIMIT: '5' }),
    );
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  const rateLimit = (response: { errors?: { extensions?: Record<string, unknown> }[] }) => response.errors?.[0]?.extensions;

  it('limits sign-ins per device id, then per address across device ids', async () => {
    const deviceId = newDeviceId();
    const from = { clientAddress: '198.51.100.1' };
    const signIn = (id: string) => graphql(service.url, `mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken } }`, { input: { deviceId: id } }, undefined, from);
    expect((await signIn(deviceId)).errors).toBeUndefined();
    expect((await signIn(deviceId)).errors).toBeUndefined();
    expect(rateLimit(await signIn(deviceId))).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect((await signIn(newDeviceId())).errors).toBeUndefined();
    expect(rateLimit(await signIn(newDeviceId()))).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('limits refreshes per player across sessions, and per address before any lookup', async () => {
    const deviceId = newDeviceId();
    const a = await deviceSession(service.url, deviceId, {}, '198.51.100.2');
    const b = await deviceSession(service.url, deviceId, {}, '198.51.100.3');
    const refreshFrom = (token: string, clientAddress: string) => graphql(service.url, REFRESH, { token }, undefined, { clientAddress });
    const once = await refreshFrom(a.refreshToken, '198.51.100.4');
    expect(once.errors).toBeUndefined();
    expect((await refreshFrom(b.refreshToken, '198.51.100.4')).errors).toBeUndefined();
    const third = await refreshFrom(once.data!.refreshSession.refreshToken, '198.51.100.5');
    expect(rateLimit(third)).toMatchObject({ code: 'RATE_LIMITED' });
    // Refused before rotating: the token still works once the window passes, so nothing was used up.
    const stored = await service.app.get(DataSource).query('SELECT COUNT(*) AS n FROM refresh_tokens WHERE replaced_at IS NOT NULL');
    expect(Number(stored[0].n)).toBe(2);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(rateLimit(await refreshFrom('A'.repeat(43), '198.51.100.6'))).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(rateLimit(await refreshFrom('A'.repeat(43), '198.51.100.6'))).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
