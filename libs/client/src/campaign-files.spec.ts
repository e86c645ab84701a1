import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCampaignFile } from '@scriptbook/campaign-model/files';
import { twomGame } from '@scriptbook/games';
import { openSharedCampaign } from './client';
import { ScriptbookError } from './errors';
import type { JsonValue } from './json';
import { FakeNetwork, Link } from './testing/fake-network';
import { InProcessServer } from './testing/in-process-server';
import { newDevice, openTab, seededBytes, seededRandom } from './testing/test-device';
import { VirtualClock } from './testing/virtual-clock';
import { exportBlob } from './transport/export-download';
import { saveCampaignExport } from './store/save-export';

const games = [twomGame];
type Twom = { storage: Record<string, number> };

async function setUp() {
  const clock = new VirtualClock();
  const random = seededRandom(5);
  const server = new InProcessServer({ games, clock });
  const network = new FakeNetwork(server, clock, random);
  const campaign = server.createCampaign('twom');
  const tab = await openTab({ games, clock, network, random, ...newDevice() });
  await clock.drive(tab.client.signInWithDevice());
  const replica = await clock.drive(tab.client.campaign<Twom>(campaign.id));
  for (const resource of ['Water', 'Wood', 'Water']) await replica.act('add-resource', { resource, amount: 2 });
  await clock.runUntil(() => replica.getSnapshot().pending.length === 0, 60_000, 'the pushes');
  return { clock, random, server, network, campaign, tab, replica };
}

const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ScriptbookError);
  const { code, field, rule } = error as ScriptbookError;
  return { code, field, rule };
};

async function textOf(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), chunks };
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
}

jest.setTimeout(30_000);

describe('campaign files through the client', () => {
  it('streams the export as the route writes it, and imports it again: the dry run stores nothing, the import is a new campaign with the same state and history', async () => {
    const { clock, server, campaign, tab, replica } = await setUp();
    const download = await clock.drive(tab.client.exportCampaign(campaign.id));
    expect(download.filename).toBe(`campaign-${campaign.id}-v3.json`);
    const { text, chunks } = await textOf(download.stream);
    // The opening, one piece per entry and the closing: handed on piece by piece, not read whole first.
    expect(chunks).toBe(5);
    const file = JSON.parse(text) as JsonValue;
    expect(readCampaignFile(file).file.actions.map((action) => action.name)).toEqual(['add-resource', 'add-resource', 'add-resource']);

    const before = server.campaigns.size;
    const dry = await clock.drive(tab.client.importCampaign({ groupId: 'group-1', file: text, dryRun: true }));
    expect(dry).toEqual({ dryRun: true, campaignId: null, preview: expect.objectContaining({ gameId: 'twom', version: 3, actions: 3, undos: 0, formatVersion: 2 }) });
    expect(server.campaigns.size).toBe(before);

    const imported = await clock.drive(tab.client.importCampaign({ groupId: 'group-1', file, name: 'Winter siege, again' }));
    expect(imported.dryRun).toBe(false);
    const copy = await clock.drive(tab.client.campaign<Twom>(imported.campaignId!));
    expect(copy.getSnapshot().campaign.name).toBe('Winter siege, again');
    expect(copy.getSnapshot().confirmed).toEqual(replica.getSnapshot().confirmed);
    const history = await clock.drive(copy.history({ first: 10 }));
    expect(history.changes.map((change) => [change.version, change.name, change.args])).toEqual(
      (await clock.drive(replica.history({ first: 10 }))).changes.map((change) => [change.version, change.name, change.args]),
    );
  });

  it('writes the export to a file, or to a Node writable, as it downloads', async () => {
    const { clock, campaign, tab } = await setUp();
    const folder = mkdtempSync(join(tmpdir(), 'scriptbook-export-'));
    try {
      const download = await clock.drive(tab.client.exportCampaign(campaign.id));
      const path = join(folder, download.filename);
      await saveCampaignExport(download, path);
      expect(readCampaignFile(JSON.parse(readFileSync(path, 'utf8'))).file.campaign.version).toBe(3);

      const second = join(folder, 'second.json');
      await saveCampaignExport(await clock.drive(tab.client.exportCampaign(campaign.id)), Writable.toWeb(createWriteStream(second)) as WritableStream<Uint8Array>);
      // The same file but for when it was written.
      const { exportedAt: _first, ...firstFile } = readCampaignFile(JSON.parse(readFileSync(path, 'utf8'))).file;
      const { exportedAt: _second, ...secondFile } = readCampaignFile(JSON.parse(readFileSync(second, 'utf8'))).file;
      expect(secondFile).toEqual(firstFile);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives the whole export as a Blob for a browser’s download link', async () => {
    const { clock, campaign, tab } = await setUp();
    const blob = await clock.drive(tab.client.exportCampaign(campaign.id).then(exportBlob));
    expect(readCampaignFile(JSON.parse(await blob.text())).file.campaign.version).toBe(3);
  });

  it('refuses on the device a file that is not one, with the server’s field and rule, and sends nothing', async () => {
    const { clock, tab } = await setUp();
    const sent = tab.link.sent.length;
    expect(await refusalOf(Promise.resolve().then(() => tab.client.importCampaign({ groupId: 'group-1', file: '{ not json' })))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.file', rule: 'json' });
    const refusal = await refusalOf(Promise.resolve().then(() => tab.client.importCampaign({ groupId: 'group-1', file: { format: 'scriptbook-campaign', formatVersion: 9 } })));
    expect(refusal).toEqual({ code: 'BAD_USER_INPUT', field: 'input.file.formatVersion', rule: 'format-version' });
    expect(tab.link.sent.length).toBe(sent);
  });

  it('refuses a file whose replay disagrees on the server, naming the entry, and stores nothing', async () => {
    const { clock, server, campaign, tab } = await setUp();
    const { text } = await textOf((await clock.drive(tab.client.exportCampaign(campaign.id))).stream);
    const file = JSON.parse(text) as { actions: { args: { amount: number } }[] };
    file.actions[1].args.amount = 5;
    const before = server.campaigns.size;
    const refusal = await refusalOf(clock.drive(tab.client.importCampaign({ groupId: 'group-1', file: file as unknown as JsonValue, dryRun: true })));
    expect(refusal.code).toBe('BAD_USER_INPUT');
    expect(refusal.field).toMatch(/^input\.file\.(actions\[1\]|checkpoints)/);
    expect(server.campaigns.size).toBe(before);
  });

  it('answers an export of a campaign not the player’s with NOT_FOUND, and sets the export consent', async () => {
    const { clock, tab, campaign } = await setUp();
    expect(await refusalOf(clock.drive(tab.client.exportCampaign('campaign-none')))).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
    expect(await clock.drive(tab.client.setExportConsent(campaign.id, true))).toEqual({ campaignId: campaign.id, consent: true });
    expect(await clock.drive(tab.client.setExportConsent(campaign.id, false))).toEqual({ campaignId: campaign.id, consent: false });
  });
});

describe('a read-only share link through the client', () => {
  it('opens the campaign as a spectator that follows it, cannot act, and stops once the link is revoked', async () => {
    const { clock, random, network, campaign, tab, replica } = await setUp();
    const created = await clock.drive(tab.client.createShareLink(campaign.id, 'Kitchen screen'));
    expect(created.link).toEqual(expect.objectContaining({ campaignId: campaign.id, label: 'Kitchen screen', revokedAt: null }));
    expect(await refusalOf(clock.drive(tab.client.createShareLink('campaign-none')))).toEqual({ code: 'NOT_FOUND', field: 'input.campaignId', rule: 'exists' });

    const link = new Link();
    const shared = await clock.drive(
      openSharedCampaign<Twom>({
        endpoint: 'http://scriptbook.test/graphql',
        games,
        token: created.token,
        campaignId: campaign.id,
        fetch: network.fetchFor(link),
        webSocket: null,
        clock,
        random,
        randomBytes: seededBytes(random),
        pollIntervalMs: 5_000,
        connectivity: null,
      }),
    );
    const spectator = shared.replica;
    await clock.runUntil(() => spectator.getSnapshot().confirmed.version === 3, 60_000, 'the spectator’s first pull');
    expect(spectator.getSnapshot().campaign.readOnly).toBe(true);
    expect(await refusalOf(spectator.act('add-resource', { resource: 'Water', amount: 1 }))).toEqual({ code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' });
    expect(spectator.getSnapshot().pending).toEqual([]);
    expect(await refusalOf(clock.drive(shared.client.exportCampaign(campaign.id)))).toEqual({ code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' });
    expect(await refusalOf(clock.drive(spectator.history()))).toEqual({ code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' });

    await replica.act('add-resource', { resource: 'Wood', amount: 1 });
    await clock.runUntil(() => spectator.getSnapshot().confirmed.version === 4, 60_000, 'the member’s action followed');
    expect(spectator.getSnapshot().confirmed.state).toEqual(replica.getSnapshot().confirmed.state);

    expect((await clock.drive(tab.client.shareLinks(campaign.id))).map((each) => each.id)).toEqual([created.link.id]);
    const revoked = await clock.drive(tab.client.revokeShareLink(created.link.id));
    expect(revoked.revokedAt).not.toBeNull();
    const signedOut = new Promise((resolve) => shared.client.onSignedOut(resolve));
    await replica.act('add-resource', { resource: 'Wood', amount: 1 });
    await clock.drive(spectator.syncNow());
    await expect(clock.drive(signedOut)).resolves.toEqual({ reason: 'access-refused', rule: 'share-link-revoked' });
    expect(spectator.getSnapshot().sync.connection).toBe('signed-out');
    expect(spectator.getSnapshot().confirmed.version).toBe(4);
    await shared.client.close();
  });
});
