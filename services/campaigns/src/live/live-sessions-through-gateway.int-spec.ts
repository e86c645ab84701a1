import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { deviceSession, newDeviceId } from '../../../accounts/src/sessions/session-test-kit';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../gateway/src/testing/gateway-over-live-subgraphs';
import { campaignsApp } from '../campaigns.app';
import { followCampaign } from '../testing/live-follower';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`;

jest.setTimeout(60_000);

/** Everything a device does goes to the gateway's one host: sign-in, pushes, the live socket, sign-out. */
describe('a live stream through the gateway ends when its session signs out', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let gateway: GatewayOverLiveSubgraphs;

  beforeAll(async () => {
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns });
  });

  afterAll(async () => {
    await gateway?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('ends the proxied stream with UNAUTHENTICATED and closes the device’s socket with 4401', async () => {
    const url = gateway.gateway.url;
    const phone = await deviceSession(url, newDeviceId());
    const id = (await graphql(url, CREATE, { input: { gameId: 'twom', name: 'Through the gateway' } }, phone.accessToken)).data!.createCampaign.id as string;
    const follower = followCampaign(url, id, { token: phone.accessToken, signWith: false, keepOpen: true });
    await follower.reach(0);
    const pushed = await graphql(url, PUSH, { input: { campaignId: id, clientId: 'phone-gateway', actions: [{ seq: 1, name: 'advance-day' }] } }, phone.accessToken);
    expect(pushed.data!.pushCampaignActions).toEqual({ version: 1 });
    await follower.reach(1);

    const started = Date.now();
    expect((await graphql(url, 'mutation { signOut }', {}, phone.accessToken)).data).toEqual({ signOut: true });
    const ended = await follower.ended;

    expect(ended.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await follower.closed).toEqual({ code: 4401, reason: 'session-ended' });
    expect(follower.events.map((event) => event.version)).toEqual([0, 1]);
    await follower.stop();
  });
});
