import { twomGame } from '@scriptbook/games';
import { ActionInputError } from '../errors';
import { FakeNetwork } from '../testing/fake-network';
import { InProcessServer } from '../testing/in-process-server';
import { newDevice, openTab, seededRandom } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';

const games = [twomGame];

async function setUp(server_: { keepsRejections?: boolean } = {}) {
  const clock = new VirtualClock();
  const random = seededRandom(7);
  const server = new InProcessServer({ games, clock, ...server_ });
  const network = new FakeNetwork(server, clock, random);
  const campaign = server.createCampaign('twom');
  const device = newDevice();
  const tab = await openTab({ games, clock, network, random, ...device });
  await clock.drive(tab.client.signInWithDevice());
  const replica = await clock.drive(tab.client.campaign(campaign.id));
  await clock.advance(10);
  return { clock, server, campaign, device, tab, replica, network, random };
}

jest.setTimeout(20_000);

describe('a campaign replica against the in-process server', () => {
  it('shows an action at once, keeps it in the outbox, and confirms it after push and pull', async () => {
    const { clock, server, campaign, replica, device } = await setUp();
    const queued = replica.act('add-resource', { resource: 'Water', amount: 2 });
    const shown = replica.getSnapshot();
    expect((shown.optimistic as { storage: Record<string, number> }).storage.Water).toBe(2);
    expect(shown.pending).toEqual([expect.objectContaining({ name: 'add-resource', status: 'saving', seq: null })]);
    const action = await queued;
    expect(action.seq).toBe(1);
    expect([...device.disk.contents.keys()].some((key) => key.endsWith('/action/0000000001'))).toBe(true);
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 60_000, 'the push');
    await expect(action.verdict).resolves.toEqual({ outcome: 'applied', version: 1 });
    const after = replica.getSnapshot();
    expect(after.confirmed.version).toBe(1);
    expect(after.confirmed.state).toEqual(server.campaigns.get(campaign.id)!.state);
    expect(after.optimistic).toEqual(after.confirmed.state);
    expect(after.sync).toEqual(expect.objectContaining({ connection: 'online', behind: false }));
  });

  it('refuses args that break the action’s schema at once and queues nothing', async () => {
    const { replica, device } = await setUp();
    const before = replica.getSnapshot();
    await expect(replica.act('spend-resource', { resource: 'Water', amount: 0 })).rejects.toEqual(
      expect.objectContaining({ name: 'ActionInputError', field: 'args.amount', rule: 'range' }),
    );
    await expect(replica.act('no-such-action', {})).rejects.toBeInstanceOf(ActionInputError);
    await expect(replica.act('add-note', { text: 'x'.repeat(9000) })).rejects.toEqual(expect.objectContaining({ rule: 'args-size' }));
    expect(replica.getSnapshot()).toBe(before);
    expect([...device.disk.contents.keys()].filter((key) => key.includes('/action/'))).toEqual([]);
  });

  it('keeps a rejected action with the server’s reason and takes it out of the optimistic state', async () => {
    const { clock, replica } = await setUp();
    const queued = await replica.act('spend-resource', { resource: 'Water', amount: 3 });
    // The device's own rules already see the Storage cannot pay: shown as a conflict, still queued.
    expect(replica.getSnapshot().pending[0].conflict).toEqual(expect.objectContaining({ code: 'CONFLICT' }));
    const verdict = await (async () => {
      await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 60_000, 'the push');
      return queued.verdict;
    })();
    expect(verdict.outcome).toBe('rejected');
    const [rejection] = replica.getSnapshot().rejections;
    expect(rejection).toEqual(expect.objectContaining({ seq: 1, name: 'spend-resource', code: 'CONFLICT', reasonKnown: true }));
    await replica.dismissRejection(rejection.id);
    expect(replica.getSnapshot().rejections).toEqual([]);
  });

  it('learns from the next pull what a push whose answer was lost did, the rejection’s reason included', async () => {
    const { clock, replica, network, server, campaign, tab } = await setUp();
    tab.link.online = false;
    const applied = await replica.act('add-resource', { resource: 'Wood', amount: 1 });
    const rejected = await replica.act('spend-resource', { resource: 'Water', amount: 5 });
    const onServer = server.campaigns.get(campaign.id)!;
    network.faults = { lost: 0, answerLost: 1, duplicated: 0, maxDelayMs: 10, only: ['SdkPushCampaignActions'] };
    tab.link.online = true;
    replica.resume();
    await clock.runUntil(() => [...onServer.lastSeq.values()][0] === 2, 60_000, 'the push to arrive');
    expect(replica.getSnapshot().pending.map((p) => p.seq)).toEqual([1, 2]);
    network.faults = { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 10 };
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 120_000, 'the pulls');
    await expect(applied.verdict).resolves.toEqual({ outcome: 'applied', version: 1 });
    // The reason was in the lost answer; the server kept it, and the pull brought it.
    const truth = [...onServer.handled.values()][0].find((handled) => handled.seq === 2)!;
    await expect(rejected.verdict).resolves.toEqual({
      outcome: 'rejected',
      rejection: expect.objectContaining({ seq: 2, name: 'spend-resource', reasonKnown: true, code: 'CONFLICT', reason: truth.reason }),
    });
    expect(replica.getSnapshot().confirmed.state).toEqual(onServer.state);
    // Retries sent the same seqs: the server handled two actions, once each.
    expect([...onServer.handled.values()][0].map((handled) => [handled.seq, handled.outcome])).toEqual([
      [1, 'applied'],
      [2, 'rejected'],
    ]);
  });

  it('learns from a server that keeps no rejections that a lost answer’s action was rejected, without its reason', async () => {
    const { clock, replica, network, server, campaign, tab } = await setUp({ keepsRejections: false });
    tab.link.online = false;
    const applied = await replica.act('add-resource', { resource: 'Wood', amount: 1 });
    const rejected = await replica.act('spend-resource', { resource: 'Water', amount: 5 });
    const onServer = server.campaigns.get(campaign.id)!;
    network.faults = { lost: 0, answerLost: 1, duplicated: 0, maxDelayMs: 10, only: ['SdkPushCampaignActions'] };
    tab.link.online = true;
    replica.resume();
    await clock.runUntil(() => [...onServer.lastSeq.values()][0] === 2, 60_000, 'the push to arrive');
    expect(replica.getSnapshot().pending.map((p) => p.seq)).toEqual([1, 2]);
    network.faults = { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 10 };
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 120_000, 'the pulls');
    await expect(applied.verdict).resolves.toEqual({ outcome: 'applied', version: 1 });
    // The reason was in the lost answer, and this server (one from before rejections were kept) keeps none.
    await expect(rejected.verdict).resolves.toEqual({ outcome: 'rejected', rejection: expect.objectContaining({ seq: 2, reasonKnown: false, rule: 'reason-lost' }) });
    expect(replica.getSnapshot().confirmed.state).toEqual(onServer.state);
    // Retries sent the same seqs: the server handled two actions, once each.
    expect([...onServer.handled.values()][0].map((handled) => [handled.seq, handled.outcome])).toEqual([
      [1, 'applied'],
      [2, 'rejected'],
    ]);
  });

  it('catches up over several pages, each after the first from the cursor the page before gave', async () => {
    const { clock, server, campaign, replica, tab } = await setUp();
    tab.link.online = false;
    const signedIn = await server.handle('SdkSignInWithDevice', { input: { deviceId: 'tablet'.repeat(6) } }, undefined);
    const { accessToken } = (signedIn.data as { signInWithDevice: { accessToken: string } }).signInWithDevice;
    // Another device's 1,100 changes while this one is offline: more than two pages of 500.
    for (let from = 1; from <= 1_100; from += 100) {
      const actions = Array.from({ length: 100 }, (_, i) => ({ seq: from + i, name: 'advance-day', args: {} }));
      const pushed = await server.handle('SdkPushCampaignActions', { input: { campaignId: campaign.id, clientId: 'tablet-ben-1', actions } }, `Bearer ${accessToken}`);
      expect(pushed.errors).toBeUndefined();
    }
    const pulls: Record<string, unknown>[] = [];
    server.intercept = (operationName, variables) => {
      if (operationName === 'SdkCampaignChanges') pulls.push(variables);
      return null; // answered by the server as usual
    };
    tab.link.online = true;
    replica.resume();
    await clock.runUntil(() => replica.getSnapshot().confirmed.version === 1_100, 60_000, 'the catch-up');
    expect(pulls.slice(0, 3).map(({ sinceVersion, after }) => ({ sinceVersion: sinceVersion ?? null, byCursor: typeof after === 'string' }))).toEqual([
      { sinceVersion: 0, byCursor: false },
      { sinceVersion: null, byCursor: true },
      { sinceVersion: null, byCursor: true },
    ]);
    // Every page asks for this one device's kept rejections.
    expect(new Set(pulls.map((pull) => JSON.stringify(pull.rejectionsFor))).size).toBe(1);
    expect(pulls[0].rejectionsFor).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/)]);
    expect(replica.getSnapshot().confirmed.state).toEqual(server.campaigns.get(campaign.id)!.state);
  });

  it('rebuilds from the outbox after a crash and sends what was queued, once', async () => {
    const { clock, server, campaign, device, tab, network, random } = await setUp();
    tab.link.online = false;
    const replica = await clock.drive(tab.client.campaign(campaign.id));
    await replica.act('add-resource', { resource: 'Water', amount: 1 });
    await replica.act('add-note', { text: 'before the crash' });
    // The process dies: nothing of it runs again.
    tab.link.alive = false;
    tab.store.kill();
    const reopened = await openTab({ games, clock, network, random, ...device });
    expect(reopened.client.session).not.toBeNull();
    const again = await clock.drive(reopened.client.campaign(campaign.id));
    expect(again.getSnapshot().pending.map((p) => [p.seq, p.status])).toEqual([
      [1, 'queued'],
      [2, 'queued'],
    ]);
    expect((again.getSnapshot().optimistic as { storage: Record<string, number> }).storage.Water).toBe(1);
    await clock.runUntil(() => again.getSnapshot().pending.length === 0, 60_000, 'the push after the crash');
    const server_ = server.campaigns.get(campaign.id)!;
    expect(server_.version).toBe(2);
    expect(again.getSnapshot().confirmed.state).toEqual(server_.state);
  });

  it('resets its copy from campaign(id) when the server says it is ahead, keeping what is queued', async () => {
    const { clock, server, campaign, replica } = await setUp();
    await replica.act('add-resource', { resource: 'Water', amount: 1 });
    await clock.runUntil(() => replica.getSnapshot().confirmed.version === 1, 60_000, 'the first push');
    // The server is restored from a backup older than the device's copy.
    const stored = server.campaigns.get(campaign.id)!;
    stored.log.length = 0;
    stored.version = 0;
    stored.state = twomGame.campaign.initial('restored', null).state;
    stored.lastSeq.clear();
    await replica.act('add-note', { text: 'after the restore' });
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0 && stored.version === 1, 120_000, 'the reset');
    expect(replica.getSnapshot().confirmed).toEqual({ version: 1, state: stored.state });
    // The queued action, seq 2 under the old client id, was queued again from seq 1 under a new one.
    expect([...stored.lastSeq.values()]).toEqual([1]);
  });

  it('waits out RATE_LIMITED’s retryAfter, and sends the same seqs for the same actions every time', async () => {
    const { clock, server, replica, tab } = await setUp();
    const attempts: { at: number; seqs: number[] }[] = [];
    server.intercept = (operation, variables) => {
      if (operation !== 'SdkPushCampaignActions') return null;
      attempts.push({ at: clock.now(), seqs: (variables.input as { actions: { seq: number }[] }).actions.map((a) => a.seq) });
      return attempts.length <= 2 ? { errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED', retryAfter: 30 } }] } : null;
    };
    tab.link.online = false;
    await replica.act('add-resource', { resource: 'Water', amount: 1 });
    await replica.act('add-resource', { resource: 'Wood', amount: 1 });
    tab.link.online = true;
    replica.resume();
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 600_000, 'the push after the limit');
    expect(attempts.map((a) => a.seqs)).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(30_000);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(30_000);
    expect(replica.getSnapshot().sync.nextRetryAt).toBeNull();
  });

  it('backs off exponentially while offline, says so, and tries at once when told the network is back', async () => {
    const { clock, replica, tab } = await setUp();
    tab.link.online = false;
    const tries: number[] = [];
    const sent = tab.link.sent;
    const seen = () => sent.length;
    let last = seen();
    await replica.act('add-note', { text: 'in the basement' });
    for (let i = 0; i < 8; i += 1) {
      await clock.runUntil(() => seen() > last, 600_000, 'the next attempt');
      last = seen();
      tries.push(clock.now());
    }
    const gaps = tries.slice(1).map((at, i) => at - tries[i]);
    await clock.advance(10);
    expect(replica.getSnapshot().sync).toEqual(expect.objectContaining({ connection: 'offline', nextRetryAt: expect.any(Number) }));
    // Each wait at least half its step and no longer than the step: the steps double.
    gaps.slice(1).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(500 * 2 ** i / 2 - 1));
    expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0] * 8);
    tab.link.online = true;
    const before = clock.now();
    replica.resume();
    await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 600_000, 'the push once back online');
    expect(clock.now() - before).toBeLessThan(1_000);
    expect(replica.getSnapshot().sync.connection).toBe('online');
  });

  it('takes an applied action back with undo, pages the history, and lists the game’s actions offline and from the server', async () => {
    const { clock, replica, tab } = await setUp();
    const added = await replica.act('add-resource', { resource: 'Water', amount: 4 });
    await replica.act('add-note', { text: 'stocked up' });
    const verdict = await clock.drive(added.verdict);
    expect(verdict).toEqual({ outcome: 'applied', version: 1 });
    const undone = await clock.drive(replica.undo(1));
    expect(undone).toEqual(expect.objectContaining({ name: 'undo', undoesVersion: 1, version: 3 }));
    await clock.runUntil(() => replica.getSnapshot().confirmed.version === 3, 60_000, 'the undo pulled');
    expect((replica.getSnapshot().confirmed.state as { storage: Record<string, number> }).storage.Water ?? 0).toBe(0);
    const first = await clock.drive(replica.history({ first: 2 }));
    expect(first.changes.map((change) => change.version)).toEqual([3, 2]);
    const second = await clock.drive(replica.history({ first: 2, after: first.next }));
    expect(second).toEqual({ changes: [expect.objectContaining({ version: 1, undoneByVersion: 3 })], next: null });
    await expect(clock.drive(replica.undo(3))).rejects.toEqual(expect.objectContaining({ code: 'CONFLICT', rule: 'is-undo' }));
    expect(replica.catalog().map((action) => action.name)).toEqual(expect.arrayContaining(['add-resource', 'spend-resource', 'add-note']));
    const catalog = await clock.drive(tab.client.actionCatalog('twom'));
    expect(catalog?.map((action) => action.name)).toEqual(replica.catalog().map((action) => action.name));
  });
});
