import { twomGame } from '@scriptbook/games';
import { FakeLiveServer } from '../testing/fake-live-server';
import { FakeNetwork } from '../testing/fake-network';
import { InProcessServer } from '../testing/in-process-server';
import { newDevice, openTab, seededRandom } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';

const games = [twomGame];
const TOKEN_MS = 60_000;
const NEVER_POLL = 10 * 3_600_000;

/** A follower device on live updates, and a second device whose pushes it hears of; no polling, so only live events can bring the news. */
async function setUp(options: { serverEndsStreamsEarlyMs?: number } = {}) {
  const clock = new VirtualClock();
  const random = seededRandom(5);
  const server = new InProcessServer({ games, clock, accessTokenMs: TOKEN_MS });
  const network = new FakeNetwork(server, clock, random, { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 20 });
  const live = new FakeLiveServer(server, clock, (token) => {
    const expiry = server.tokenExpiry(token);
    return expiry === null ? null : expiry - (options.serverEndsStreamsEarlyMs ?? 0);
  });
  const campaign = server.createCampaign('twom');
  const follower = await clock.drive(openTab({ games, clock, network, random, ...newDevice(), webSocket: live.socketClass(), pollIntervalMs: NEVER_POLL }));
  await clock.drive(follower.client.signInWithDevice());
  const replica = await clock.drive(follower.client.campaign(campaign.id));
  const other = await clock.drive(openTab({ games, clock, network, random, ...newDevice(), pollIntervalMs: NEVER_POLL }));
  await clock.drive(other.client.signInWithDevice());
  const otherReplica = await clock.drive(other.client.campaign(campaign.id));
  await clock.advance(100);
  const onServer = server.campaigns.get(campaign.id)!;
  const caughtUp = () => replica.getSnapshot().confirmed.version === onServer.version && !replica.getSnapshot().sync.behind;
  return { clock, server, live, replica, otherReplica, onServer, caughtUp, follower };
}

describe('live updates over graphql-ws', () => {
  it('hears of another device’s push and pulls it, with no polling', async () => {
    const { clock, replica, otherReplica, onServer, caughtUp } = await setUp();
    expect(replica.getSnapshot().sync.live).toBe('following');
    await otherReplica.act('add-resource', { resource: 'Water', amount: 2 });
    await clock.runUntil(() => onServer.version === 1 && caughtUp(), 10_000, 'the follower catching up');
    expect(replica.getSnapshot().confirmed.state).toEqual(onServer.state);
  });

  it('refreshes ahead of expiry and follows on a new connection with the new token, hearing every change', async () => {
    const { clock, live, replica, otherReplica, onServer, caughtUp, follower } = await setUp();
    for (let minute = 0; minute < 4; minute += 1) {
      await otherReplica.act('add-note', { text: `minute ${minute}` });
      await clock.advance(TOKEN_MS);
      expect(caughtUp()).toBe(true);
    }
    expect(onServer.version).toBe(4);
    // One connection per token: each opened with the session current at that moment.
    expect(new Set(live.connectionTokens).size).toBeGreaterThanOrEqual(4);
    expect(live.connectionTokens.at(-1)).toBe(follower.client.session!.accessToken);
    // Each old connection was let go by the device, never cut by the server for its token.
    expect(live.sockets.filter((socket) => socket.closeCode === 4401)).toEqual([]);
    expect(replica.getSnapshot().sync.live).toBe('following');
  });

  it('refreshes and follows again when the server ends the stream for an expired token and closes with 4401', async () => {
    // The server ends streams 30 s before the device planned to refresh: only the refusal can tell it.
    const { clock, live, replica, otherReplica, onServer, caughtUp } = await setUp({ serverEndsStreamsEarlyMs: 30_000 });
    const sockets = live.sockets.length;
    await clock.advance(TOKEN_MS - 29_000);
    expect(live.sockets.length).toBeGreaterThan(sockets);
    expect(live.sockets[sockets - 1].closeCode).toBe(4401);
    await otherReplica.act('add-resource', { resource: 'Wood', amount: 1 });
    await clock.runUntil(() => onServer.version === 1 && caughtUp(), 10_000, 'the follower catching up on the new stream');
    expect(replica.getSnapshot().sync.live).toBe('following');
  });

  it('reconnects after the socket drops and catches up on what it missed', async () => {
    const { clock, live, replica, otherReplica, onServer, caughtUp } = await setUp();
    live.dropAll();
    await clock.settle();
    expect(replica.getSnapshot().sync.live).toBe('connecting');
    await otherReplica.act('add-resource', { resource: 'Water', amount: 1 });
    await otherReplica.act('advance-day', {});
    await clock.runUntil(() => onServer.version === 2 && caughtUp(), 120_000, 'the follower catching up after the drop');
    expect(replica.getSnapshot().sync.live).toBe('following');
    expect(live.following).toBe(1);
  });

  it('lets go of a connection still retrying when a refresh rotates it, with nothing left unhandled, and follows again once the server is back', async () => {
    const { clock, live, replica, otherReplica, onServer, caughtUp } = await setUp();
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      live.unreachable = true;
      live.dropAll();
      // Several refreshes while every reconnection fails: each rotates out a client that is between retries.
      await clock.advance(3 * TOKEN_MS);
      await new Promise((turn) => setImmediate(turn));
      expect(unhandled).toEqual([]);
      expect(replica.getSnapshot().sync.live).toBe('connecting');

      live.unreachable = false;
      await otherReplica.act('add-note', { text: 'while the live server was down' });
      await clock.runUntil(() => onServer.version === 1 && caughtUp() && replica.getSnapshot().sync.live === 'following', 120_000, 'following again');
      await new Promise((turn) => setImmediate(turn));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', hear);
    }
  });

  it('signs out, and stops following, when the session was ended elsewhere', async () => {
    const { clock, server, live, replica, follower } = await setUp();
    const signedOut: unknown[] = [];
    follower.client.onSignedOut((event) => signedOut.push(event));
    server.endSessions();
    live.dropAll();
    await clock.advance(60_000);
    expect(signedOut).toEqual([{ reason: 'access-refused', rule: 'session-ended' }]);
    expect(replica.getSnapshot().sync.live).toBe('off');
    expect(live.following).toBe(0);
  });
});
