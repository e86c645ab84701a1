import type Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { deviceSession, newDeviceId, REFRESH, Session } from '../../../accounts/src/sessions/session-test-kit';
import { campaignsApp } from '../campaigns.app';
import { Following, followCampaign } from '../testing/live-follower';
import { UNHEARD_REVOCATION_CHECK_MS } from './live-campaign-hub';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq } } }`;
const CHANGES = `query($id: ID!, $since: Int!) { campaignChanges(campaignId: $id, sinceVersion: $since, first: 50) { version changes { version name } } }`;

/** A stream ends this soon after the revocation while the replica's revocation mirror is live: it hears the revocation before accounts answers. */
const HEARD_BOUND_MS = 1_000;

jest.setTimeout(60_000);

/** Accounts runs as a process of its own: its Player type and campaigns' view of it cannot share one process's type registry. */
const startAccounts = (isolation: TestIsolation, env: Record<string, string> = {}) =>
  startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts', env));

const note = (seq: number, text: string) => ({ seq, name: 'add-note', args: { text } });

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What the stream ended with, and how long after `started` it ended. */
async function endOf(follower: Following, started: number) {
  const ended = await follower.ended;
  return { afterMs: Date.now() - started, extensions: ended.errors?.[0]?.extensions };
}

describe('a live stream ends with its token: accounts and two campaigns replicas on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let replicaA: RunningService;
  let replicaB: RunningService;
  let address = 0;

  const signIn = (deviceId = newDeviceId()) => deviceSession(accounts.url, deviceId, {}, `198.51.100.${++address}`);
  const asAccounts = async (query: string, token?: string, variables: Record<string, unknown> = {}) =>
    graphql(accounts.url, query, variables, token, { clientAddress: `198.51.100.${++address}` });
  const newCampaign = async (token: string) => {
    const created = await graphql(replicaA.url, CREATE, { input: { gameId: 'twom', name: 'Shelter' } }, token);
    expect(created.errors).toBeUndefined();
    return created.data!.createCampaign.id as string;
  };
  const push = async (campaignId: string, token: string, clientId: string, seq: number) => {
    const pushed = await graphql(replicaA.url, PUSH, { input: { campaignId, clientId, actions: [note(seq, `note ${seq}`)] } }, token);
    expect(pushed.errors).toBeUndefined();
    return pushed.data!.pushCampaignActions.version as number;
  };
  /** A device following its campaign on replica B, whose events come from pushes through replica A. */
  const followOnB = async (campaignId: string, session: Session) => {
    const follower = followCampaign(replicaB.url, campaignId, { token: session.accessToken, keepOpen: true });
    await follower.reach(0);
    return follower;
  };
  const unauthenticated = (rule: string) => ({ code: 'UNAUTHENTICATED', field: 'authorization', rule });

  beforeAll(async () => {
    accounts = await startAccounts(isolation);
    replicaA = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    replicaB = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    for (const replica of [replicaA, replicaB]) await until(() => replica.app.get(TokenService).answersRevocationsFromMemory, 'the replica hears revocations');
  });

  afterAll(async () => {
    await replicaB?.stop();
    await replicaA?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('ends the stream on the other replica when the session signs out through accounts, closes its socket, and keeps the player’s other session streaming', async () => {
    const deviceId = newDeviceId();
    const phone = await signIn(deviceId);
    const secondSession = await signIn(deviceId);
    const id = await newCampaign(phone.accessToken);
    const signingOut = await followOnB(id, phone);
    const staying = await followOnB(id, secondSession);
    await push(id, phone.accessToken, 'phone-before', 1);
    await Promise.all([signingOut.reach(1), staying.reach(1)]);

    const started = Date.now();
    expect((await asAccounts('mutation { signOut }', phone.accessToken)).data).toEqual({ signOut: true });
    const end = await endOf(signingOut, started);

    expect(end.extensions).toEqual(unauthenticated('session-ended'));
    expect(end.afterMs).toBeLessThan(HEARD_BOUND_MS);
    expect(await signingOut.closed).toEqual({ code: 4401, reason: 'session-ended' });
    await push(id, secondSession.accessToken, 'tablet-after', 1);
    await staying.reach(2);
    expect(signingOut.events.map((event) => event.version)).toEqual([0, 1]);
    await Promise.all([signingOut.stop(), staying.stop()]);
  });

  it('ends the stream of a session that refresh-token reuse ended: a copy of the token may be in other hands', async () => {
    const start = await signIn();
    const rotated = (await asAccounts(REFRESH, undefined, { token: start.refreshToken })).data!.refreshSession as Session;
    const id = await newCampaign(rotated.accessToken);
    const follower = await followOnB(id, rotated);
    // The rotated-to token is used once, so the first token coming back is a copy, not the retry of a lost answer.
    expect((await asAccounts(REFRESH, undefined, { token: rotated.refreshToken })).errors).toBeUndefined();

    const started = Date.now();
    const replay = await asAccounts(REFRESH, undefined, { token: start.refreshToken });
    expect(replay.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', rule: 'reused' });
    const end = await endOf(follower, started);

    expect(end.extensions).toEqual(unauthenticated('session-ended'));
    expect(end.afterMs).toBeLessThan(HEARD_BOUND_MS);
    await follower.stop();
  });

  it('ends every stream of the player, on both replicas, when they sign out everywhere', async () => {
    const deviceId = newDeviceId();
    const [phone, tablet] = [await signIn(deviceId), await signIn(deviceId)];
    const id = await newCampaign(phone.accessToken);
    const onB = await followOnB(id, phone);
    const onA = followCampaign(replicaA.url, id, { token: tablet.accessToken });
    await onA.reach(0);

    const started = Date.now();
    expect((await asAccounts('mutation { signOutEverywhere }', tablet.accessToken)).data).toEqual({ signOutEverywhere: 2 });
    const ends = await Promise.all([endOf(onB, started), endOf(onA, started)]);

    for (const end of ends) {
      expect(end.extensions).toEqual(unauthenticated('session-ended'));
      expect(end.afterMs).toBeLessThan(HEARD_BOUND_MS);
    }
    await Promise.all([onA.stop(), onB.stop()]);
  });

  it('ends the stream of a player who removes their account, saying the player is gone', async () => {
    const phone = await signIn();
    const id = await newCampaign(phone.accessToken);
    const follower = await followOnB(id, phone);

    const started = Date.now();
    const removed = await asAccounts('mutation { deleteMyAccount(input: {}) { playerId } }', phone.accessToken);
    expect(removed.data).toEqual({ deleteMyAccount: { playerId: phone.player.id } });
    const end = await endOf(follower, started);

    expect(end.extensions).toEqual(unauthenticated('player-removed'));
    expect(end.afterMs).toBeLessThan(HEARD_BOUND_MS);
    await follower.stop();
  });

  it('refuses to start a stream with a signed-out token, naming why', async () => {
    const phone = await signIn();
    const id = await newCampaign(phone.accessToken);
    await asAccounts('mutation { signOut }', phone.accessToken);
    const follower = followCampaign(replicaB.url, id, { token: phone.accessToken, keepOpen: true });
    expect((await follower.ended).errors?.[0]?.extensions).toEqual(unauthenticated('session-ended'));
    expect(follower.events).toEqual([]);
    expect((await follower.closed).code).toBe(4401);
    await follower.stop();
  });

  it('still ends the stream, within the fallback bound, while the replica’s revocation subscription is down', async () => {
    const phone = await signIn();
    const id = await newCampaign(phone.accessToken);
    const follower = await followOnB(id, phone);
    const tokensOnB = replicaB.app.get(TokenService);
    const mirrorSubscriber = (tokensOnB as unknown as { mirror: { subscription: { subscriber: Redis } } }).mirror.subscription.subscriber;
    mirrorSubscriber.disconnect();
    await until(() => !tokensOnB.answersRevocationsFromMemory, 'replica B no longer hears revocations');
    try {
      const started = Date.now();
      await asAccounts('mutation { signOut }', phone.accessToken);
      const end = await endOf(follower, started);

      expect(end.extensions).toEqual(unauthenticated('session-ended'));
      expect(end.afterMs).toBeLessThan(UNHEARD_REVOCATION_CHECK_MS + HEARD_BOUND_MS);
    } finally {
      await mirrorSubscriber.connect();
      await until(() => tokensOnB.answersRevocationsFromMemory, 'replica B hears revocations again');
      await follower.stop();
    }
  });
});

describe('a live stream ends when its access token expires, and the device picks up where it was', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;

  beforeAll(async () => {
    accounts = await startAccounts(isolation, { JWT_TTL: '5s' });
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
  });

  afterAll(async () => {
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('ends the stream at the token’s expiry; refreshed, the device reconnects and catches up from its last version', async () => {
    const phone = await deviceSession(accounts.url, newDeviceId());
    const expiresAtMs = JSON.parse(Buffer.from(phone.accessToken.split('.')[1], 'base64url').toString()).exp * 1000;
    const created = await graphql(campaigns.url, CREATE, { input: { gameId: 'twom', name: 'Night' } }, phone.accessToken);
    const id = created.data!.createCampaign.id as string;
    let current = phone.accessToken;
    const first = followCampaign(campaigns.url, id, { token: () => current, keepOpen: true });
    await first.reach(0);
    await graphql(campaigns.url, PUSH, { input: { campaignId: id, clientId: 'phone-night', actions: [note(1, 'before expiry')] } }, current);
    await first.reach(1);

    const ended = await first.ended;
    const endedAt = Date.now();
    expect(ended.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-expired' });
    expect(ended.errors?.[0]?.message).toMatch(/refresh the session/);
    expect(endedAt).toBeGreaterThanOrEqual(expiresAtMs);
    expect(endedAt - expiresAtMs).toBeLessThan(1_000);
    expect(await first.closed).toEqual({ code: 4401, reason: 'access-token-expired' });

    // Offline for a moment: another device's change lands meanwhile.
    const refreshed = (await graphql(accounts.url, REFRESH, { token: phone.refreshToken })).data!.refreshSession as Session;
    current = refreshed.accessToken;
    const pushed = await graphql(campaigns.url, PUSH, { input: { campaignId: id, clientId: 'tablet-night', actions: [note(1, 'while away')] } }, current);
    expect(pushed.data!.pushCampaignActions.version).toBe(2);
    expect(first.events.map((event) => event.version)).toEqual([0, 1]);

    const again = followCampaign(campaigns.url, id, { token: () => current });
    await again.reach(2);
    expect(again.events[0]).toEqual({ campaignId: id, fromVersion: 2, version: 2 });
    const missed = await graphql(campaigns.url, CHANGES, { id, since: 1 }, current);
    expect(missed.data!.campaignChanges).toEqual({ version: 2, changes: [{ version: 2, name: 'add-note' }] });
    await Promise.all([first.stop(), again.stop()]);
  });
});
