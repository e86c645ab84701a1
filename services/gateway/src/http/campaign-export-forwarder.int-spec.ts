import { randomBytes } from 'node:crypto';
import { RunningService, startService } from '@scriptbook/platform';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../../campaigns/src/campaigns.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../testing/gateway-over-live-subgraphs';

jest.setTimeout(90_000);

interface GraphQLAnswer<T> {
  readonly data?: T;
  readonly errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * A campaign file downloaded from the gateway's public host, as a member's
 * app does: streamed through from campaigns with its headers, signed on
 * the way (campaigns refuses the same request sent to it unsigned), and
 * refused with campaigns' own answer to anyone else.
 */
describe('campaign file downloads through the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let gateway: GatewayOverLiveSubgraphs;

  const graphql = async <T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> => {
    const response = await fetch(`${gateway.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as GraphQLAnswer<T>;
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  };

  const signIn = async () => {
    const { signInWithDevice } = await graphql<{ signInWithDevice: { accessToken: string } }>(
      'mutation SignIn($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken } }',
      { input: { deviceId: randomBytes(32).toString('base64url') } },
    );
    return signInWithDevice.accessToken;
  };

  const download = (path: string, token?: string, method = 'GET') =>
    fetch(`${gateway.gateway.url}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

  let member: string;
  let campaignId: string;

  beforeAll(async () => {
    // Two subgraphs cannot be built in one process (Nest's type registry is global): accounts runs in its own.
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns });
    member = await signIn();
    const { createCampaign } = await graphql<{ createCampaign: { id: string } }>(
      'mutation Create($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
      { input: { gameId: 'twom', name: 'Winter siege' } },
      member,
    );
    campaignId = createCampaign.id;
    await graphql(
      'mutation Push($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }',
      { input: { campaignId, clientId: 'kitchen-phone-1', actions: [{ seq: 1, name: 'add-resource', args: { resource: 'Water', amount: 2 } }] } },
      member,
    );
  });

  afterAll(async () => {
    await gateway?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('streams a member’s file with its own headers, as campaigns writes it', async () => {
    const answer = await download(`/campaigns/${campaignId}/export`, member);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="campaign-${campaignId}-v1.json"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const file = (await answer.json()) as { game: unknown; actions: { version: number; name: string; args: unknown }[] };
    expect(file.actions).toEqual([expect.objectContaining({ version: 1, name: 'add-resource', args: { resource: 'Water', amount: 2 } })]);
  });

  it('passes campaigns’ refusals on: a stranger gets NOT_FOUND, a request without a token UNAUTHENTICATED', async () => {
    const stranger = await signIn();
    const refused = await download(`/campaigns/${campaignId}/export`, stranger);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code: 'NOT_FOUND', field: 'id', rule: 'exists' }) }] });
    const anonymous = await download(`/campaigns/${campaignId}/export`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as GraphQLAnswer<never>).errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('is signed on the way: campaigns refuses the same request sent to it directly', async () => {
    const direct = await fetch(`${campaigns.url}/campaigns/${campaignId}/export`, { headers: { authorization: `Bearer ${member}` } });
    expect(direct.status).toBe(401);
    expect(((await direct.json()) as GraphQLAnswer<never>).errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', rule: 'signed-by-gateway' });
  });

  it('reaches no other path of campaigns and reads only', async () => {
    for (const path of ['/campaigns/health', `/campaigns/${campaignId}/export/../../graphql`, `/campaigns/${campaignId}`, '/campaigns/a%2Fb/export']) {
      const answer = await download(path, member);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as GraphQLAnswer<never>).errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'path', rule: 'exists' });
    }
    const posted = await download(`/campaigns/${campaignId}/export`, member, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
