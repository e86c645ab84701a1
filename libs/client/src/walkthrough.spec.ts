import { createScriptbookClient, memoryKeystore, memoryStore } from '@scriptbook/client';
import { createScriptbookClient as createWithGames } from '@scriptbook/client/core';
import { fileStore, systemClock } from '@scriptbook/client/node';
import type { FetchLike } from '@scriptbook/client';
import { GAMES, twomGame } from '@scriptbook/games';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeNetwork, Link } from './testing/fake-network';
import { InProcessServer } from './testing/in-process-server';
import { seededBytes, seededRandom } from './testing/test-device';
import { VirtualClock } from './testing/virtual-clock';

/**
 * docs/client-sdk.md's walkthrough, as an app writes it against the
 * package's entries: two devices, one of them offline for a while, end in
 * the same state with no GraphQL written by hand.
 */
describe('the walkthrough of docs/client-sdk.md', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-walkthrough-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two devices in sync, one of them offline for a while', async () => {
    const clock = new VirtualClock();
    const random = seededRandom(2);
    const server = new InProcessServer({ games: GAMES, clock });
    const network = new FakeNetwork(server, clock, random, { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 30 });
    const device = (link: Link) => ({ endpoint: 'https://scriptbook.test/graphql', fetch: network.fetchFor(link), clock, random, randomBytes: seededBytes(random), webSocket: null, connectivity: null });

    // Ana's phone: every game of the release.
    const phoneLink = new Link();
    const phone = await createScriptbookClient({ ...device(phoneLink), keystore: memoryKeystore(), store: memoryStore() });
    await clock.drive(phone.signInWithDevice({ displayName: 'Ana' }));
    const onPhone = await clock.drive(phone.createCampaign({ gameId: 'twom', name: 'Winter siege' }));

    // Ben's tablet: only the game it plays.
    const tabletLink = new Link();
    const tablet = await createWithGames({ ...device(tabletLink), games: [twomGame], keystore: memoryKeystore(), store: memoryStore() });
    await clock.drive(tablet.signInWithDevice({ displayName: 'Ben' }));
    const onTablet = await clock.drive(tablet.campaign(onPhone.id));

    // The tablet goes into the basement.
    tabletLink.online = false;
    await onPhone.act('add-character', { character: 'Emira' });
    await onPhone.act('add-resource', { resource: 'Water', amount: 2 });
    const spent = await onTablet.act('spend-resource', { resource: 'Water', amount: 1 });
    await onTablet.act('add-note', { text: 'Water ran out' });
    await clock.advance(60_000);
    expect(onTablet.getSnapshot().sync.connection).toBe('offline');
    expect(onTablet.getSnapshot().pending.map((action) => action.name)).toEqual(['spend-resource', 'add-note']);

    // Back upstairs: the tablet pushes what it queued and pulls what the phone did.
    tabletLink.online = true;
    onTablet.resume();
    const version = () => server.campaigns.get(onPhone.id)!.version;
    await clock.advance(20_000);
    await clock.runUntil(() => version() === 4 && [onPhone, onTablet].every((r) => r.getSnapshot().confirmed.version === 4 && r.getSnapshot().pending.length === 0), 120_000, 'both devices in sync');
    expect(onTablet.getSnapshot().confirmed.state).toEqual(onPhone.getSnapshot().confirmed.state);
    expect((onPhone.getSnapshot().confirmed.state as { storage: Record<string, number> }).storage.Water).toBe(1);
    await expect(spent.verdict).resolves.toEqual({ outcome: 'applied', version: expect.any(Number) });
    await phone.close();
    await tablet.close();
  });

  it('a Node app’s outbox in a file survives the process: what was queued is sent by the next run', async () => {
    const server = new InProcessServer({ games: GAMES, clock: systemClock });
    let online = false;
    const fetch: FetchLike = async (_url, init) => {
      if (!online) throw new TypeError('fetch failed: offline');
      const body = JSON.parse(init.body ?? '{}') as { operationName: string; variables: Record<string, unknown> };
      const answer = await server.handle(body.operationName, body.variables, init.headers.authorization);
      return { status: 200, headers: { get: () => null }, json: async () => answer };
    };
    const keystore = memoryKeystore();
    const options = { endpoint: 'https://scriptbook.test/graphql', fetch, keystore, webSocket: null, connectivity: null, pollIntervalMs: 3_600_000 };
    const path = join(dir, 'bot.json');
    online = true;
    const first = await createScriptbookClient({ ...options, store: await fileStore(path) });
    await first.signInWithDevice();
    const campaign = await first.createCampaign({ gameId: 'twom', name: 'Bot' });
    online = false;
    await campaign.act('add-resource', { resource: 'Wood', amount: 3 });
    await campaign.act('add-note', { text: 'queued offline' });
    await first.close();

    online = true;
    const second = await createScriptbookClient({ ...options, store: await fileStore(path) });
    const again = await second.campaign(campaign.id);
    expect(again.getSnapshot().pending.map((action) => action.seq)).toEqual([1, 2]);
    await again.syncNow();
    while (again.getSnapshot().pending.length > 0) await again.syncNow();
    expect(server.campaigns.get(campaign.id)!.version).toBe(2);
    expect(again.getSnapshot().confirmed.state).toEqual(server.campaigns.get(campaign.id)!.state);
    await second.close();
  });
});
