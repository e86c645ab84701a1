import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../../campaigns/src/campaigns.app';
import { CampaignChangeEntity } from '../../../campaigns/src/store/campaign-change.entity';
import { CampaignEntity } from '../../../campaigns/src/store/campaign.entity';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../testing/gateway-over-live-subgraphs';

jest.setTimeout(180_000);

/** Thousands of actions: a file many times the gateway's BODY_LIMIT (100 kB), under the upload limit this test sets. */
const ACTIONS = 3_000;
const MAX_BYTES = 2_000_000;

interface GraphQLAnswer<T> {
  readonly data?: T;
  readonly errors?: { message: string; extensions?: Record<string, unknown> }[];
}

interface ImportAnswer {
  readonly dryRun: boolean;
  readonly campaignId: string | null;
  readonly preview: { version: number; actions: number; name: string; formatVersion: number };
}

const IMPORT = `mutation($input: ImportCampaignInput!) {
  importCampaign(input: $input) {
    dryRun campaignId
    preview { gameId name version actions undos serverChanges formatVersion players { player pseudonym entries }
      content { fileHash platformHash same changedPacks { packId fileVersion platformVersion } missingContentIds } }
  }
}`;

/** A table's evening, over and over: every action applies. */
function actionAt(i: number): { name: string; args: Record<string, unknown> } {
  if (i === 0) return { name: 'add-character', args: { character: 'Emira' } };
  const cycle = [
    { name: 'add-resource', args: { resource: 'Wood', amount: 2 } },
    { name: 'spend-resource', args: { resource: 'Wood', amount: 1 } },
    { name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: 1 } },
    { name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: -1 } },
  ];
  return cycle[(i - 1) % cycle.length];
}

/**
 * A campaign file uploaded to the gateway's public host, as a member's app
 * imports one too large for `/graphql`: streamed through to campaigns,
 * signed on the way, imported by the same code as `importCampaign` (the
 * same answer), and refused with nothing stored when the body is too large,
 * the caller is not in the group or the file was tampered with.
 */
describe('campaign file uploads through the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let gateway: GatewayOverLiveSubgraphs;
  let db: DataSource;

  const graphql = async <T>(query: string, variables: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>> => {
    const response = await fetch(`${gateway.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLAnswer<T>;
  };
  const ask = async <T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> => {
    const answer = await graphql<T>(query, variables, token);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  };
  const signIn = async () => {
    const { signInWithDevice } = await ask<{ signInWithDevice: { accessToken: string } }>(
      'mutation SignIn($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken } }',
      { input: { deviceId: randomBytes(32).toString('base64url') } },
    );
    const { personalGroup } = await ask<{ personalGroup: { id: string } }>('{ personalGroup { id } }', {}, signInWithDevice.accessToken);
    return { token: signInWithDevice.accessToken, groupId: personalGroup.id };
  };
  const upload = (query: string, body: string | Buffer, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.gateway.url}/campaigns/import?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body,
    });
  const stored = async () => ({ campaigns: await db.getRepository(CampaignEntity).count(), changes: await db.getRepository(CampaignChangeEntity).count() });
  const errorOf = async (response: Response) => ((await response.json()) as GraphQLAnswer<never>).errors![0];

  let member: { token: string; groupId: string };
  let campaignId: string;
  let fileText: string;
  let original: { version: number; stateJson: unknown };

  beforeAll(async () => {
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_IMPORT_MAX_BYTES: String(MAX_BYTES) }));
    // Both with the one limit, as a deploy sets them: a body sent without a length is stopped by the gateway's own count.
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns }, { CAMPAIGN_IMPORT_MAX_BYTES: String(MAX_BYTES) });
    db = campaigns.app.get(DataSource);
    member = await signIn();
    const { createCampaign } = await ask<{ createCampaign: { id: string } }>(
      'mutation Create($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
      { input: { gameId: 'twom', name: 'Winter siege' } },
      member.token,
    );
    campaignId = createCampaign.id;
    for (let seq = 1; seq <= ACTIONS; seq += 100) {
      const actions = Array.from({ length: Math.min(100, ACTIONS - seq + 1) }, (_, k) => ({ seq: seq + k, ...actionAt(seq + k - 1) }));
      const { pushCampaignActions } = await ask<{ pushCampaignActions: { rejected: unknown[] } }>(
        'mutation Push($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }',
        { input: { campaignId, clientId: 'kitchen-phone-1', actions } },
        member.token,
      );
      expect(pushCampaignActions.rejected).toEqual([]);
    }
    original = (await ask<{ campaign: typeof original }>('query($id: ID!) { campaign(id: $id) { version stateJson } }', { id: campaignId }, member.token)).campaign;
    const exported = await fetch(`${gateway.gateway.url}/campaigns/${campaignId}/export`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(exported.status).toBe(200);
    fileText = await exported.text();
  });

  afterAll(async () => {
    await gateway?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('imports a file of thousands of actions, far over the gateway’s body limit, as a new campaign with the same state', async () => {
    expect(original.version).toBe(ACTIONS);
    expect(Buffer.byteLength(fileText)).toBeGreaterThan(5 * 102_400);
    const through = await graphql<unknown>(IMPORT, { input: { groupId: member.groupId, file: JSON.parse(fileText) } }, member.token);
    // The mutation cannot carry it: that is what the route is for.
    expect(through.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');

    const response = await upload(`group=${member.groupId}&dryRun=false&name=Back+from+the+file`, fileText, member.token);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = (await response.json()) as ImportAnswer;
    expect(answer).toMatchObject({ dryRun: false, campaignId: expect.any(String), preview: { version: ACTIONS, actions: ACTIONS, name: 'Back from the file', formatVersion: 2 } });
    const imported = await ask<{ campaign: { version: number; name: string; stateJson: unknown } }>(
      'query($id: ID!) { campaign(id: $id) { version name stateJson } }',
      { id: answer.campaignId },
      member.token,
    );
    expect(imported.campaign).toEqual({ version: ACTIONS, name: 'Back from the file', stateJson: original.stateJson });
  });

  it('answers a dry run as the mutation does, and stores nothing', async () => {
    const before = await stored();
    const response = await upload(`group=${member.groupId}&dryRun=true`, fileText, member.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dryRun: true, campaignId: null, preview: { version: ACTIONS, actions: ACTIONS } });
    expect(await stored()).toEqual(before);

    // A file small enough for /graphql: the route's answer is the mutation's, field for field.
    const { createCampaign } = await ask<{ createCampaign: { id: string } }>(
      'mutation Create($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
      { input: { gameId: 'twom', name: 'Short evening' } },
      member.token,
    );
    await ask(
      'mutation Push($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }',
      { input: { campaignId: createCampaign.id, clientId: 'kitchen-phone-1', actions: [0, 1, 2].map((i) => ({ seq: i + 1, ...actionAt(i) })) } },
      member.token,
    );
    const small = await (await fetch(`${gateway.gateway.url}/campaigns/${createCampaign.id}/export`, { headers: { authorization: `Bearer ${member.token}` } })).text();
    const smallBefore = await stored();
    const mutation = await ask<{ importCampaign: unknown }>(IMPORT, { input: { groupId: member.groupId, file: JSON.parse(small), dryRun: true } }, member.token);
    const routed = await upload(`group=${member.groupId}&dryRun=true`, small, member.token);
    expect(await routed.json()).toEqual(mutation.importCampaign);
    expect(await stored()).toEqual(smallBefore);
  });

  it('refuses a body over CAMPAIGN_IMPORT_MAX_BYTES with 413 in the API’s error shape, storing nothing', async () => {
    const before = await stored();
    const padded = `${fileText.slice(0, -1)}${' '.repeat(MAX_BYTES)}}`;
    const response = await upload(`group=${member.groupId}`, padded, member.token);
    expect(response.status).toBe(413);
    const refusal = { message: expect.stringContaining(String(MAX_BYTES)), extensions: { code: 'BAD_REQUEST', field: 'body', rule: 'max-bytes', maxBytes: MAX_BYTES } };
    expect(await errorOf(response)).toEqual(refusal);
    // Sent without a length, the file is refused once it passes the limit, mid-import, and its transaction rolls back.
    const bytes = Buffer.from(padded);
    const streamed = await fetch(`${gateway.gateway.url}/campaigns/import?group=${member.groupId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect({ status: streamed.status, error: await errorOf(streamed) }).toEqual({ status: 413, error: refusal });
    expect(await stored()).toEqual(before);
  });

  it('refuses a stranger, a share link, a caller without a token and a missing group before reading the file, storing nothing', async () => {
    const before = await stored();
    const stranger = await signIn();
    const refused = await upload(`group=${member.groupId}`, fileText, stranger.token);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).extensions).toEqual({ code: 'NOT_FOUND', field: 'group', rule: 'exists' });
    // A share link reads and follows its one campaign, and imports nothing, not even into the group of the member who made it.
    const { createCampaignShareLink } = await ask<{ createCampaignShareLink: { token: string } }>(
      'mutation Share($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token } }',
      { input: { campaignId, label: 'Table screen' } },
      member.token,
    );
    const shared = await upload(`group=${member.groupId}`, fileText, createCampaignShareLink.token);
    expect(shared.status).toBe(403);
    expect((await errorOf(shared)).extensions).toEqual({ code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' });
    const anonymous = await upload(`group=${member.groupId}`, fileText);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const noGroup = await upload('dryRun=true', fileText, member.token);
    expect(noGroup.status).toBe(400);
    expect((await errorOf(noGroup)).extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'group', rule: 'required' });
    const typo = await upload(`group=${member.groupId}&dryrun=true`, fileText, member.token);
    expect((await errorOf(typo)).extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'dryrun', rule: 'known-field' });
    expect(await stored()).toEqual(before);
  });

  it('refuses a tampered file with the first version that disagrees, storing nothing', async () => {
    const before = await stored();
    const file = JSON.parse(fileText) as { actions: { version: number; name: string; args: Record<string, unknown> }[] };
    const index = file.actions.findIndex((entry, i) => i > ACTIONS / 2 && entry.name === 'add-resource');
    file.actions[index].args.amount = 3;
    const response = await upload(`group=${member.groupId}`, JSON.stringify(file), member.token);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', field: `file.actions[${index}].delta`, rule: 'delta-mismatch' });
    expect(error.message).toMatch(new RegExp(`^Version ${index + 1}:`));
    const notJson = await upload(`group=${member.groupId}`, fileText.slice(0, 1000), member.token);
    expect((await errorOf(notJson)).extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'file', rule: 'json' });
    expect(await stored()).toEqual(before);
  });

  it('is signed on the way: campaigns refuses the same upload sent to it directly', async () => {
    const direct = await fetch(`${campaigns.url}/campaigns/import?group=${member.groupId}&dryRun=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: fileText,
    });
    expect(direct.status).toBe(401);
    expect((await errorOf(direct)).extensions).toMatchObject({ code: 'UNAUTHENTICATED', rule: 'signed-by-gateway' });
    const read = await fetch(`${gateway.gateway.url}/campaigns/import?group=${member.groupId}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(read.status).toBe(405);
  });
});
