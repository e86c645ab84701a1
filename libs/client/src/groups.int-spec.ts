import { createScriptbookClient, memoryKeystore, memoryStore, ScriptbookClient, ScriptbookError } from '@scriptbook/client';
import { RunningService, startService } from '@scriptbook/platform';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../../services/campaigns/src/campaigns.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../services/gateway/src/testing/gateway-over-live-subgraphs';

jest.setTimeout(90_000);

/**
 * The SDK's group calls against the real accounts and campaigns subgraphs
 * behind the real gateway (the in-process server keeps no groups): what a
 * table screen does to gather its players, and the refusals it shows.
 */
describe('groups through the client SDK', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let gateway: GatewayOverLiveSubgraphs;
  const clients: ScriptbookClient[] = [];

  const device = async (displayName: string) => {
    const client = await createScriptbookClient({ endpoint: `${gateway.gateway.url}/graphql`, keystore: memoryKeystore(), store: memoryStore(), webSocket: null, connectivity: null });
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

  beforeAll(async () => {
    // Two subgraphs cannot be built in one process (Nest's type registry is global): accounts runs in its own.
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

  it('creates a group, invites with a code, joins with it, and lists the group’s campaigns on both devices', async () => {
    const phone = await device('Ana');
    const tablet = await device('Ben');

    const [personal] = await phone.myGroups();
    expect(personal).toMatchObject({ kind: 'PERSONAL', myRole: 'OWNER' });

    const group = await phone.createGroup('Thursday box');
    expect(group).toEqual({ id: expect.any(String), name: 'Thursday box', kind: 'SHARED', myRole: 'OWNER' });
    const invitation = await phone.inviteToGroup(group.id);
    expect(invitation).toMatchObject({ groupId: group.id, code: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/) });

    expect(await tablet.joinGroup(invitation.code)).toEqual({ ...group, myRole: 'MEMBER' });
    expect((await tablet.myGroups()).map((each) => [each.kind, each.name, each.myRole])).toEqual([
      ['PERSONAL', expect.any(String), 'OWNER'],
      ['SHARED', 'Thursday box', 'MEMBER'],
    ]);

    const first = await phone.createCampaign({ gameId: 'twom', name: 'Winter siege', groupId: group.id });
    const second = await phone.createCampaign({ gameId: 'twom', name: 'Spring thaw', groupId: group.id });
    const page = await tablet.groupCampaigns(group.id, { first: 1 });
    expect(page.items.map((campaign) => campaign.name)).toEqual(['Spring thaw']);
    expect(page.next).not.toBeNull();
    const rest = await tablet.groupCampaigns(group.id, { after: page.next });
    expect(rest).toEqual({ items: [expect.objectContaining({ id: first.id, name: 'Winter siege', gameId: 'twom', groupId: group.id, version: 0 })], next: null });
    expect((await tablet.campaign(second.id)).getSnapshot().confirmed.version).toBe(0);
  });

  it('refuses a bad name, a wrong code and a stranger’s invitation with the field and rule, and keeps nothing of them', async () => {
    const owner = await device('Cleo');
    const stranger = await device('Dan');
    const before = await owner.myGroups();

    expect(await refusal(owner.createGroup('   '))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule: 'min' });
    expect(await owner.myGroups()).toEqual(before);

    expect(await refusal(stranger.joinGroup('not a code'))).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'format' });
    const group = await owner.createGroup('Friday box');
    expect(await refusal(stranger.inviteToGroup(group.id))).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
    expect(await refusal(owner.inviteToGroup((await owner.myGroups())[0].id))).toEqual({ code: 'FORBIDDEN', field: 'groupId', rule: 'personal' });
    expect((await stranger.myGroups()).map((each) => each.kind)).toEqual(['PERSONAL']);
    expect(await refusal(stranger.groupCampaigns(group.id))).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
  });
});
