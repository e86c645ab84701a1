import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { followCampaign } from '../testing/live-follower';
import { CampaignShareLinkEntity } from './campaign-share-link.entity';
import { hashOfSecret } from './share-link-secrets';

const CREATE_CAMPAIGN = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`;
const CREATE = `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) {
  token link { id campaignId label createdBy { id } createdAt revokedAt revokedBy { id } }
} }`;
const LIST = `query($id: ID!) { campaignShareLinks(campaignId: $id) { id label createdBy { id } createdAt revokedAt revokedBy { id } } }`;
const REVOKE = `mutation($id: ID!) { revokeCampaignShareLink(id: $id) { id revokedAt revokedBy { id } } }`;
const READ = `query($id: ID!) { campaign(id: $id) { id version stateJson } }`;
const CHANGES = `query($id: ID!) { campaignChanges(campaignId: $id, sinceVersion: 0, rejectionsFor: ["tablet-ben-1"]) { version changes { version name } rejected { seq } } }`;
const AT = `query($id: ID!) { campaignAt(campaignId: $id, version: 1) { version stateJson } }`;
const REVERT = `mutation($id: ID!) { revertCampaignTo(campaignId: $id, version: 0) { version } }`;
const HISTORY = `query($id: ID!) { campaignHistory(campaignId: $id) { edges { node { version } } } }`;
const MINE = `query { myCampaigns { edges { node { id } } } }`;
const UNDO = `mutation($id: ID!) { undoCampaignAction(campaignId: $id, actionVersion: 1) { version } }`;

type Caller = 'member' | 'former member' | 'stranger' | 'anonymous' | 'share-link holder' | 'revoked share-link holder' | 'share-link holder of another campaign';
const CALLERS: readonly Caller[] = ['member', 'former member', 'stranger', 'anonymous', 'share-link holder', 'revoked share-link holder', 'share-link holder of another campaign'];

const notFound = (field: string) => ({ code: 'NOT_FOUND', field, rule: 'exists' });
const UNAUTHENTICATED = { code: 'UNAUTHENTICATED' };
const SCOPE = { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' };
const REVOKED = { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'share-link-revoked' };
const ALLOWED = 'allowed';

describe('read-only share links on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let writer: MembershipWriter;
  let db: DataSource;
  const token: Record<string, string> = {};
  const seqOf = new Map<string, number>();

  const call = (bearer: string | undefined, query: string, variables: Record<string, unknown> = {}) => graphql(service.url, query, variables, bearer);
  const newCampaign = async () => {
    const created = await call(token.ana, CREATE_CAMPAIGN, { input: { gameId: 'twom', name: 'Shown at the table', groupId: 'table' } });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCampaign.id as string;
    await push(id);
    return id;
  };
  const push = async (campaignId: string) => {
    const seq = (seqOf.get(campaignId) ?? 0) + 1;
    seqOf.set(campaignId, seq);
    const pushed = await call(token.ben, PUSH, { input: { campaignId, clientId: 'tablet-ben-1', actions: [{ seq, name: 'add-resource', args: { resource: 'Water', amount: 1 } }] } });
    expect(pushed.errors).toBeUndefined();
    return pushed.data!.pushCampaignActions.version as number;
  };
  const share = async (campaignId: string, label: string | null = 'Kitchen screen') => {
    const made = await call(token.ana, CREATE, { input: { campaignId, label } });
    expect(made.errors).toBeUndefined();
    return made.data!.createCampaignShareLink as { token: string; link: { id: string } };
  };
  const outcome = (response: { data?: Record<string, unknown> | null; errors?: { extensions?: Record<string, unknown> }[] }) =>
    response.errors ? response.errors[0].extensions : ALLOWED;

  beforeAll(async () => {
    writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'table', version: 1, members: ['ana', 'ben', 'dan'].map((who, i) => ({ playerId: `player-${who}`, role: i === 0 ? 'OWNER' : 'MEMBER' })) });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    db = service.app.get(DataSource);
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
    await writer.write({ groupId: 'table', version: 2, members: ['ana', 'ben'].map((who, i) => ({ playerId: `player-${who}`, role: i === 0 ? 'OWNER' : 'MEMBER' })) });
    for (let i = 0; i < 100 && outcome(await call(token.dan, MINE)) !== ALLOWED; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  /** Each caller's bearer for a campaign: members' access tokens, and share links of it (one revoked) and of another campaign. */
  async function bearers(campaignId: string): Promise<Record<Caller, string | undefined>> {
    const holder = await share(campaignId);
    const revoked = await share(campaignId);
    expect(outcome(await call(token.ben, REVOKE, { id: revoked.link.id }))).toBe(ALLOWED);
    const other = await share(await newCampaign());
    return {
      member: token.ben,
      'former member': token.dan,
      stranger: token.cleo,
      anonymous: undefined,
      'share-link holder': holder.token,
      'revoked share-link holder': revoked.token,
      'share-link holder of another campaign': other.token,
    };
  }

  it('answers every operation for every caller as the matrix says, in the subgraph itself', async () => {
    const campaignId = await newCampaign();
    const bearer = await bearers(campaignId);
    const outsiders = { 'former member': notFound, stranger: notFound } as const;
    const matrix: [string, (caller: Caller) => Promise<unknown>, Partial<Record<Caller, unknown>>][] = [
      ['campaign', (c) => call(bearer[c], READ, { id: campaignId }), { member: ALLOWED, 'share-link holder': ALLOWED, 'share-link holder of another campaign': notFound('id') }],
      ['campaignChanges', (c) => call(bearer[c], CHANGES, { id: campaignId }), { member: ALLOWED, 'share-link holder': ALLOWED, 'share-link holder of another campaign': notFound('campaignId') }],
      ['campaignAt', (c) => call(bearer[c], AT, { id: campaignId }), { member: ALLOWED, 'share-link holder': ALLOWED, 'share-link holder of another campaign': notFound('campaignId') }],
      ['campaignShareLinks', (c) => call(bearer[c], LIST, { id: campaignId }), { member: ALLOWED }],
      ['createCampaignShareLink', (c) => call(bearer[c], CREATE, { input: { campaignId } }), { member: ALLOWED }],
      ['campaignHistory', (c) => call(bearer[c], HISTORY, { id: campaignId }), { member: ALLOWED }],
      ['myCampaigns', (c) => call(bearer[c], MINE), { member: ALLOWED, 'former member': ALLOWED, stranger: ALLOWED }],
      ['pushCampaignActions', (c) => call(bearer[c], PUSH, { input: { campaignId, clientId: `device-${c.length}-abcdefgh`, actions: [{ seq: 1, name: 'advance-day' }] } }), { member: ALLOWED }],
      ['undoCampaignAction', (c) => call(bearer[c], UNDO, { id: campaignId }), {}],
      ['revertCampaignTo', (c) => call(bearer[c], REVERT, { id: campaignId }), {}],
    ];
    const fields: Record<string, string> = { campaign: 'id', createCampaignShareLink: 'input.campaignId', pushCampaignActions: 'input.campaignId' };
    for (const [operation, run, allowed] of matrix) {
      for (const caller of CALLERS) {
        const field = fields[operation] ?? 'campaignId';
        const expected =
          allowed[caller] ??
          (caller in outsiders
            ? notFound(field)
            : caller === 'anonymous'
              ? UNAUTHENTICATED
              : caller === 'revoked share-link holder'
                ? REVOKED
                : caller === 'member'
                  ? ALLOWED
                  : SCOPE);
        expect({ operation, caller, outcome: outcome((await run(caller)) as never) }).toEqual({ operation, caller, outcome: expected });
      }
    }
    // revokeCampaignShareLink, last, as it uses a link up each time it is allowed.
    for (const caller of CALLERS) {
      const link = await share(campaignId);
      const expected = { member: ALLOWED, 'former member': notFound('id'), stranger: notFound('id'), anonymous: UNAUTHENTICATED, 'revoked share-link holder': REVOKED }[caller as string] ?? SCOPE;
      expect({ caller, outcome: outcome(await call(bearer[caller], REVOKE, { id: link.link.id })) }).toEqual({ caller, outcome: expected });
    }
  });

  it('lists each link with who made and revoked it and when, keeps only its secret’s hash, and a revoked one stops at once', async () => {
    const campaignId = await newCampaign();
    const made = await share(campaignId, 'Kitchen screen');
    const [, linkId, secret] = made.token.split('.');
    expect(linkId).toBe(made.link.id);
    const row = await db.getRepository(CampaignShareLinkEntity).findOneByOrFail({ id: linkId });
    expect(row.secretHash).toBe(hashOfSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(outcome(await call(made.token, READ, { id: campaignId }))).toBe(ALLOWED);

    const listed = await call(token.ben, LIST, { id: campaignId });
    expect(listed.data!.campaignShareLinks).toEqual([{ id: linkId, label: 'Kitchen screen', createdBy: { id: 'player-ana' }, createdAt: expect.any(String), revokedAt: null, revokedBy: null }]);
    const revoked = await call(token.ben, REVOKE, { id: linkId });
    expect(revoked.data!.revokeCampaignShareLink).toEqual({ id: linkId, revokedAt: expect.any(String), revokedBy: { id: 'player-ben' } });
    expect(outcome(await call(made.token, READ, { id: campaignId }))).toEqual(REVOKED);
    // Revoking again answers the link as it is.
    expect((await call(token.ana, REVOKE, { id: linkId })).data!.revokeCampaignShareLink).toEqual(revoked.data!.revokeCampaignShareLink);
    expect((await call(token.ana, LIST, { id: campaignId })).data!.campaignShareLinks[0]).toMatchObject({ revokedBy: { id: 'player-ben' } });
    expect(outcome(await call(token.ana, REVOKE, { id: 'no-such-link' }))).toEqual(notFound('id'));
  });

  it('refuses bad input with its field and rule, storing nothing', async () => {
    const campaignId = await newCampaign();
    const links = db.getRepository(CampaignShareLinkEntity);
    const before = await links.count();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ campaignId, label: 'Screen\u0000' }, { code: 'BAD_USER_INPUT', field: 'input.label', rule: 'plain-text' }],
      [{ campaignId, label: 'x'.repeat(81) }, { code: 'BAD_USER_INPUT', field: 'input.label', rule: 'max' }],
      [{ campaignId, label: '   ' }, { code: 'BAD_USER_INPUT', field: 'input.label', rule: 'min' }],
      [{ campaignId: 'no-such-campaign' }, notFound('input.campaignId')],
    ];
    for (const [input, extensions] of cases) expect({ input, outcome: outcome(await call(token.ana, CREATE, { input })) }).toEqual({ input, outcome: extensions });
    expect(await links.count()).toBe(before);
    const forged = `share-link.${(await share(campaignId)).link.id}.not-the-secret`;
    expect(outcome(await call(forged, READ, { id: campaignId }))).toEqual(REVOKED);
    for (let i = 1; i < 20; i++) await share(campaignId, null);
    expect(outcome(await call(token.ana, CREATE, { input: { campaignId } }))).toEqual({ code: 'CONFLICT', field: 'input.campaignId', rule: 'share-link-limit' });
    expect(await links.countBy({ campaignId })).toBe(20);
  });

  it('follows its campaign live beside a member who acts, and the stream ends when a member revokes the link', async () => {
    const campaignId = await newCampaign();
    const link = await share(campaignId);
    const follower = followCampaign(service.url, campaignId, { token: link.token });
    await follower.reach(1);
    const version = await push(campaignId);
    await follower.reach(version);
    // Membership news does not end it: the link is the campaign's, whoever the members are.
    await writer.write({ groupId: 'table', version: 3, members: ['ana', 'ben'].map((who, i) => ({ playerId: `player-${who}`, role: i === 0 ? 'OWNER' : 'MEMBER' })) });
    const later = await push(campaignId);
    await follower.reach(later);

    expect(outcome(await call(token.ana, REVOKE, { id: link.link.id }))).toBe(ALLOWED);
    const ended = await follower.ended;
    expect(ended.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    expect((await follower.closed).code).toBe(4401);
    const again = followCampaign(service.url, campaignId, { token: link.token });
    expect((await again.ended).errors?.[0]?.extensions).toEqual(REVOKED);
    await again.stop();
  });
});
