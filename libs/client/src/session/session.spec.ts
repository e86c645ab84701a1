import { ScriptbookError } from '../errors';
import { SdkCampaign } from '../generated/operations';
import { FakeNetwork, Link } from '../testing/fake-network';
import { InProcessServer } from '../testing/in-process-server';
import { newDevice, openTab, seededBytes, seededRandom } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';
import type { FetchLike } from '../transport/http';
import { Keystore, memoryKeystore } from './keystore';
import { inProcessLocks, LockAdapter } from './locks';
import { SessionManager, SignedOutEvent } from './session';

const TOKEN_MS = 60_000;

function setUp(options: { serverAheadMs?: number } = {}) {
  const clock = new VirtualClock();
  const random = seededRandom(3);
  const serverClock = { now: () => clock.now() + (options.serverAheadMs ?? 0), setTimeout: clock.setTimeout.bind(clock), clearTimeout: clock.clearTimeout.bind(clock) };
  const server = new InProcessServer({ games: [], clock: serverClock, accessTokenMs: TOKEN_MS });
  const network = new FakeNetwork(server, clock, random);
  const sent: { operation: string; authorization: string | undefined }[] = [];
  const manager = (keystore: Keystore = memoryKeystore(), locks: LockAdapter = inProcessLocks()) => {
    const link = new Link();
    const inner = network.fetchFor(link);
    const fetch: FetchLike = (url, init) => {
      sent.push({ operation: (JSON.parse(init.body ?? '{}') as { operationName: string }).operationName, authorization: init.headers.authorization });
      return inner(url, init);
    };
    const session = new SessionManager({ http: { endpoint: 'http://scriptbook.test/graphql', fetch, timeoutMs: 30_000, clock }, keystore, locks, clock, randomBytes: seededBytes(random), lockName: 'refresh' });
    const signedOut: SignedOutEvent[] = [];
    session.signedOut.on((event) => signedOut.push(event));
    return { session, signedOut, link };
  };
  return { clock, server, network, sent, manager };
}

describe('sessions', () => {
  it('signs a device in with a device id it makes once, and sends no access token to the sign-in or the refresh', async () => {
    const { clock, sent, manager } = setUp();
    const keystore = memoryKeystore();
    const { session } = manager(keystore);
    await clock.drive(session.signInWithDevice({ displayName: 'Ana' }));
    const deviceId = await keystore.get('device-id');
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await clock.drive(session.signInWithDevice());
    await clock.advance(TOKEN_MS);
    await clock.drive(session.signed(SdkCampaign, { id: 'nothing' }));
    expect(sent.map((request) => [request.operation, request.authorization !== undefined])).toEqual([
      ['SdkSignInWithDevice', false],
      ['SdkSignInWithDevice', false],
      ['SdkRefreshSession', false],
      ['SdkCampaign', true],
    ]);
    expect(await keystore.get('device-id')).toBe(deviceId);
  });

  it('refreshes once for many requests that find the token about to end, and keeps the new refresh token first', async () => {
    const { clock, server, sent, manager } = setUp();
    const keystore = memoryKeystore();
    const { session } = manager(keystore);
    await clock.drive(session.signInWithDevice());
    await clock.advance(TOKEN_MS - 5_000);
    await clock.drive(Promise.all(Array.from({ length: 5 }, () => session.signed(SdkCampaign, { id: 'c' }))));
    expect(server.refreshes).toBe(1);
    expect(sent.filter((request) => request.operation === 'SdkCampaign').map((request) => request.authorization)).toEqual(Array(5).fill(`Bearer ${session.current!.accessToken}`));
    expect(JSON.parse((await keystore.get('session'))!).refreshToken).toBe(session.current!.refreshToken);
  });

  it('refreshes once across two tabs sharing the keystore: the second takes the first one’s new tokens', async () => {
    const { clock, server, manager } = setUp();
    const keystore = memoryKeystore();
    const locks = inProcessLocks();
    const first = manager(keystore, locks);
    await clock.drive(first.session.signInWithDevice());
    const second = manager(keystore, locks);
    await second.session.restore();
    await clock.advance(TOKEN_MS + 1);
    await clock.drive(Promise.all([first.session.signed(SdkCampaign, { id: 'c' }), second.session.signed(SdkCampaign, { id: 'c' })]));
    // Two refreshes with one token would count as reuse and end the session.
    expect(server.refreshes).toBe(1);
    expect(second.session.current).toEqual(first.session.current);
    expect([first.signedOut, second.signedOut]).toEqual([[], []]);
  });

  it('refreshes and retries once when the server says the access token expired', async () => {
    const { clock, server, sent, manager } = setUp({ serverAheadMs: 120_000 });
    const { session } = manager();
    await clock.drive(session.signInWithDevice());
    // The server's clock runs two minutes ahead: by the device's reckoning of `expiresAt` the token is still fresh.
    await clock.advance(TOKEN_MS + 1);
    const before = session.current!.accessToken;
    expect(session.refreshDue).toBeGreaterThan(clock.now());
    await clock.drive(session.signed(SdkCampaign, { id: 'c' }));
    expect(sent.filter((request) => request.operation !== 'SdkSignInWithDevice').map((request) => request.operation)).toEqual(['SdkCampaign', 'SdkRefreshSession', 'SdkCampaign']);
    expect(server.refreshes).toBe(1);
    expect(session.current!.accessToken).not.toBe(before);
  });

  it('says why it signed out when the server refuses the refresh token, and refreshes no more', async () => {
    const { clock, server, manager } = setUp();
    const { session, signedOut } = manager();
    await clock.drive(session.signInWithDevice());
    server.endSessions();
    await clock.advance(TOKEN_MS + 1);
    const request = clock.drive(session.signed(SdkCampaign, { id: 'c' }));
    await expect(request).rejects.toEqual(expect.objectContaining({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'ended' }));
    expect(signedOut).toEqual([{ reason: 'refresh-refused', rule: 'ended' }]);
    expect(session.current).toBeNull();
    await expect(session.signed(SdkCampaign, { id: 'c' })).rejects.toEqual(expect.objectContaining({ name: 'NotSignedInError' }));
    expect(server.refreshes).toBe(0);
  });

  it('signs out without a refresh when the access token’s session has ended', async () => {
    const { clock, server, manager } = setUp();
    const { session, signedOut } = manager();
    await clock.drive(session.signInWithDevice());
    server.endSessions();
    const request = clock.drive(session.signed(SdkCampaign, { id: 'c' }));
    await expect(request).rejects.toBeInstanceOf(ScriptbookError);
    expect(signedOut).toEqual([{ reason: 'access-refused', rule: 'session-ended' }]);
    expect(server.refreshes).toBe(0);
  });

  it('keeps the session over a restart through the keystore', async () => {
    const { clock, manager } = setUp();
    const keystore = memoryKeystore();
    const { session } = manager(keystore);
    await clock.drive(session.signInWithDevice({ displayName: 'Ana' }));
    const again = manager(keystore).session;
    await again.restore();
    expect(again.current).toEqual(session.current);
  });

  it('links an email to a device-only player, keeping the session, and logs in with it elsewhere', async () => {
    const { clock, sent, manager } = setUp();
    const keystore = memoryKeystore();
    const { session } = manager(keystore);
    const device = await clock.drive(session.signInWithDevice());
    expect(device.player.hasEmail).toBe(false);
    await clock.drive(session.linkEmail({ email: 'ana@example.org', password: 'a long password' }));
    expect(session.current!.player).toEqual(expect.objectContaining({ id: device.player.id, hasEmail: true }));
    expect(JSON.parse((await keystore.get('session'))!).player.hasEmail).toBe(true);
    const other = manager().session;
    const logged = await clock.drive(other.login({ email: 'ana@example.org', password: 'a long password' }));
    expect(logged.player.id).toBe(device.player.id);
    await expect(clock.drive(other.login({ email: 'ana@example.org', password: 'wrong' }))).rejects.toEqual(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    await expect(clock.drive(other.registerPlayer({ email: 'ana@example.org', password: 'a long password', displayName: 'Ana' }))).rejects.toEqual(
      expect.objectContaining({ code: 'CONFLICT', field: 'input.email', rule: 'unique' }),
    );
    // A refused login signs nobody out: the session it had stays.
    expect(other.current?.player.id).toBe(device.player.id);
    expect(sent.filter((r) => ['SdkLogin', 'SdkRegisterPlayer'].includes(r.operation)).every((r) => r.authorization === undefined)).toBe(true);
    expect(sent.find((r) => r.operation === 'SdkLinkEmail')?.authorization).toBe(`Bearer ${device.accessToken}`);
  });
});

describe('the client’s session calls', () => {
  it('refreshSession rotates the tokens now for the same player, and accessToken hands out the current one, refreshed once it is due', async () => {
    const { clock, network, server } = setUp();
    const tab = await openTab({ games: [], clock, network, random: seededRandom(5), ...newDevice() });
    const events: string[] = [];
    tab.client.onSession((event) => events.push(event.kind));
    const signedIn = await clock.drive(tab.client.signInWithDevice({ displayName: 'Ana' }));
    expect(await clock.drive(tab.client.accessToken())).toBe(signedIn.accessToken);

    const refreshed = await clock.drive(tab.client.refreshSession());
    expect(refreshed.player.id).toBe(signedIn.player.id);
    expect(refreshed.refreshToken).not.toBe(signedIn.refreshToken);
    expect(tab.client.session?.refreshToken).toBe(refreshed.refreshToken);
    expect(await clock.drive(tab.client.accessToken())).toBe(refreshed.accessToken);

    // Past the refresh margin the token handed out is a new one, and the old refresh token is spent.
    await clock.advance(TOKEN_MS);
    const due = await clock.drive(tab.client.accessToken());
    expect(due).not.toBe(refreshed.accessToken);
    expect(server.playerOf(`Bearer ${due}`)).toBe(signedIn.player.id);
    expect(events).toEqual(['signed-in', 'refreshed', 'refreshed']);
    await tab.client.close();
  });

  it('accessToken and refreshSession refuse while signed out, sending nothing', async () => {
    const { clock, network } = setUp();
    const sent: string[] = [];
    const wrapFetch = (fetch: FetchLike): FetchLike => (url, init) => (sent.push(url), fetch(url, init));
    const tab = await openTab({ games: [], clock, network, random: seededRandom(6), wrapFetch, ...newDevice() });
    await expect(clock.drive(tab.client.accessToken())).rejects.toThrow('Not signed in');
    await expect(clock.drive(tab.client.refreshSession())).rejects.toThrow('Not signed in');
    expect(sent).toEqual([]);
    await clock.drive(tab.client.signInWithDevice());
    expect(sent).toHaveLength(1);
    await tab.client.close();
  });
});
