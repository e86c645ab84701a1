import { readCampaignFile } from '@scriptbook/campaign-model/files';
import { createScriptbookClient, JsonValue, memoryKeystore, memoryStore, openSharedCampaign, ScriptbookClient, ScriptbookError } from '@scriptbook/client';
import { RunningService, startService } from '@scriptbook/platform';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../../services/campaigns/src/campaigns.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../services/gateway/src/testing/gateway-over-live-subgraphs';

jest.setTimeout(120_000);

type Twom = { storage: Record<string, number> };

/**
 * A campaign's life through the SDK against the real accounts and campaigns
 * subgraphs behind the real gateway: rename, archive and unarchive seen by
 * a second device's replica, a revert, an export then an import with its
 * dry run, and a share link opened read-only and revoked.
 */
describe('a campaign’s life through the client SDK', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let gateway: GatewayOverLiveSubgraphs;
  const clients: ScriptbookClient[] = [];

  const options = () => ({ endpoint: `${gateway.gateway.url}/graphql`, webSocket: null, connectivity: null, pollIntervalMs: 200 });

  const device = async (displayName: string) => {
    const client = await createScriptbookClient({ ...options(), keystore: memoryKeystore(), store: memoryStore() });
    clients.push(client);
    await client.signInWithDevice({ displayName });
    return client;
  };

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ScriptbookError);
    const { code, field, rule } = error as ScriptbookError;
    return { code, field, rule };
  };

  const until = async (done: () => boolean, what: string) => {
    for (let waited = 0; !done(); waited += 50) {
      if (waited > 30_000) throw new Error(`${what} did not happen`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns });
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await gateway?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('renames, archives and unarchives: the other device’s replica follows, holds its action while archived and sends it after', async () => {
    const phone = await device('Ana');
    const tablet = await device('Ben');
    const group = await phone.createGroup('Thursday box');
    await tablet.joinGroup((await phone.inviteToGroup(group.id)).code);
    const onPhone = await phone.createCampaign<Twom>({ gameId: 'twom', name: 'Winter siege', groupId: group.id });
    const onTablet = await tablet.campaign<Twom>(onPhone.id);

    expect(await refusal(phone.renameCampaign(onPhone.id, ''))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule: 'min' });
    await phone.renameCampaign(onPhone.id, 'Winter siege, second try');
    await until(() => onTablet.getSnapshot().campaign.name === 'Winter siege, second try', 'the rename on the tablet');

    await phone.archiveCampaign(onPhone.id);
    await until(() => onTablet.getSnapshot().sync.archived, 'the archive on the tablet');
    expect(await refusal(onTablet.act('add-resource', { resource: 'Water', amount: 1 }))).toEqual({ code: 'CONFLICT', field: 'campaignId', rule: 'campaign-archived' });
    expect((await phone.groupCampaigns(group.id)).items).toEqual([]);
    expect((await phone.groupCampaigns(group.id, { includeArchived: true })).items.map((each) => [each.id, each.archivedAt !== null])).toEqual([[onPhone.id, true]]);

    await phone.unarchiveCampaign(onPhone.id);
    await until(() => !onTablet.getSnapshot().sync.archived, 'the unarchive on the tablet');
    const queued = await onTablet.act('add-resource', { resource: 'Water', amount: 2 });
    await expect(queued.verdict).resolves.toEqual({ outcome: 'applied', version: 4 });
    const history = await onPhone.history();
    expect(history.changes.map((change) => [change.name, change.clientId, change.delta])).toEqual([
      ['add-resource', expect.any(String), expect.any(Array)],
      ['unarchive-campaign', null, []],
      ['archive-campaign', null, []],
      ['rename-campaign', null, []],
    ]);
  });

  it('reverts to a version as one change, reads the state at a version, exports, and imports with a dry run first', async () => {
    const phone = await device('Cleo');
    const [personal] = await phone.myGroups();
    const campaign = await phone.createCampaign<Twom>({ gameId: 'twom', name: 'Spring thaw' });
    for (const amount of [1, 2, 3]) await (await campaign.act('add-resource', { resource: 'Water', amount })).verdict;
    const atOne = await campaign.at(1);
    expect(atOne).toEqual(expect.objectContaining({ version: 1, currentVersion: 3 }));
    const revert = await campaign.revertTo(1);
    expect(revert).toEqual(expect.objectContaining({ version: 4, name: 'revert', args: { toVersion: 1 }, clientId: null, seq: null }));
    await until(() => campaign.getSnapshot().confirmed.version === 4, 'the revert pulled');
    expect(campaign.getSnapshot().confirmed.state).toEqual(atOne!.state);
    expect(await refusal(campaign.revertTo(4))).toEqual({ code: 'CONFLICT', field: 'version', rule: 'nothing-to-revert' });

    const download = await phone.exportCampaign(campaign.id);
    expect(download.filename).toBe(`campaign-${campaign.id}-v4.json`);
    const text = await new Response(download.stream).text();
    expect(readCampaignFile(JSON.parse(text)).file.campaign.version).toBe(4);

    const dry = await phone.importCampaign({ groupId: personal.id, file: text, dryRun: true });
    expect(dry).toEqual({ dryRun: true, campaignId: null, preview: expect.objectContaining({ gameId: 'twom', version: 4, actions: 3, formatVersion: 2 }) });
    const imported = await phone.importCampaign({ groupId: personal.id, file: JSON.parse(text) as JsonValue, name: 'Spring thaw, copied' });
    expect(imported.campaignId).not.toBeNull();
    const copy = await phone.campaign<Twom>(imported.campaignId!);
    await until(() => copy.getSnapshot().campaign.name !== null, 'the copy read');
    expect(copy.getSnapshot().confirmed).toEqual(campaign.getSnapshot().confirmed);
    expect(copy.getSnapshot().campaign.name).toBe('Spring thaw, copied');
  });

  it('opens a campaign read-only from a share link: it follows a member’s action, cannot act, and is signed out once the link is revoked', async () => {
    const phone = await device('Dan');
    const campaign = await phone.createCampaign<Twom>({ gameId: 'twom', name: 'Kitchen table' });
    const created = await phone.createShareLink(campaign.id, 'Kitchen screen');
    const shared = await openSharedCampaign<Twom>({ ...options(), token: created.token, campaignId: campaign.id });
    clients.push(shared.client);
    const spectator = shared.replica;
    expect(spectator.getSnapshot().campaign.readOnly).toBe(true);
    expect(await refusal(spectator.act('add-resource', { resource: 'Water', amount: 1 }))).toEqual({ code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' });

    await (await campaign.act('add-resource', { resource: 'Wood', amount: 2 })).verdict;
    await until(() => spectator.getSnapshot().confirmed.version === 1, 'the member’s action on the spectator');
    expect(spectator.getSnapshot().confirmed.state).toEqual(campaign.getSnapshot().confirmed.state);

    const links = await phone.shareLinks(campaign.id);
    expect(links.map((link) => [link.id, link.label, link.revokedAt])).toEqual([[created.link.id, 'Kitchen screen', null]]);
    const signedOut = new Promise((resolve) => shared.client.onSignedOut(resolve));
    await phone.revokeShareLink(created.link.id);
    await expect(signedOut).resolves.toEqual({ reason: 'access-refused', rule: 'share-link-revoked' });
    expect((await phone.shareLinks(campaign.id))[0].revokedAt).not.toBeNull();
  });
});
