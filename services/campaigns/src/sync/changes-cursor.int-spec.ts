import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { changesCursor } from './pull-args';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`;
const PULL = `query($id: ID!, $since: Int, $after: String, $first: Int) {
  campaignChanges(campaignId: $id, sinceVersion: $since, after: $after, first: $first) { version hasMore endCursor changes { version } }
}`;

interface Page {
  version: number;
  hasMore: boolean;
  endCursor: string;
  changes: { version: number }[];
}

/** `campaignChanges` pages by an opaque cursor beside `sinceVersion`, and refuses a cursor it did not give for this campaign. */
describe('campaignChanges paged by cursor', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let token: string;
  let campaignId: string;
  let otherCampaignId: string;

  const pull = (variables: Record<string, unknown>) => graphql(service.url, PULL, variables, token);
  const create = async () => (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Winter', groupId: 'thursday-box' } }, token)).data!.createCampaign.id as string;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'thursday-box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    token = service.app.get(TokenService).issue('player-ana').accessToken;
    campaignId = await create();
    otherCampaignId = await create();
    const actions = Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, name: 'add-note', args: { text: `Note ${i + 1}` } }));
    const pushed = await graphql(service.url, PUSH, { input: { campaignId, clientId: 'phone-ana-1', actions } }, token);
    expect(pushed.data!.pushCampaignActions.version).toBe(5);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('follows endCursor page after page to the end, the same changes as by version, and an end cursor polls from there', async () => {
    const pages: Page[] = [];
    let response = await pull({ id: campaignId, since: 0, first: 2 });
    for (;;) {
      expect(response.errors).toBeUndefined();
      const page = response.data!.campaignChanges as Page;
      pages.push(page);
      if (!page.hasMore) break;
      response = await pull({ id: campaignId, after: page.endCursor, first: 2 });
    }
    expect(pages.map((page) => page.changes.map((change) => change.version))).toEqual([[1, 2], [3, 4], [5]]);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);

    const byVersion = (await pull({ id: campaignId, since: 2, first: 2 })).data!.campaignChanges as Page;
    expect(byVersion.changes).toEqual(pages[1].changes);
    expect(byVersion.endCursor).toBe(pages[1].endCursor);

    const polled = (await pull({ id: campaignId, after: pages[2].endCursor })).data!.campaignChanges as Page;
    expect(polled).toEqual({ version: 5, hasMore: false, endCursor: pages[2].endCursor, changes: [] });
  });

  // Functions, as the campaigns' ids are known only once the suite has started.
  it.each<[string, () => Record<string, unknown>, string, string, string]>([
    ['text that is no cursor', () => ({ after: 'not-a-cursor' }), 'BAD_USER_INPUT', 'after', 'cursor'],
    ['a cursor of another campaign', () => ({ after: changesCursor(otherCampaignId, 0) }), 'BAD_USER_INPUT', 'after', 'cursor'],
    ['a cursor with a negative version', () => ({ after: changesCursor(campaignId, -1) }), 'BAD_USER_INPUT', 'after', 'cursor'],
    ['both sinceVersion and after', () => ({ since: 0, after: changesCursor(campaignId, 5) }), 'BAD_USER_INPUT', 'after', 'one-of'],
    ['neither sinceVersion nor after', () => ({}), 'BAD_USER_INPUT', 'sinceVersion', 'required'],
    ['a cursor past the campaign’s version', () => ({ after: changesCursor(campaignId, 6) }), 'CONFLICT', 'after', 'ahead-of-campaign'],
  ])('refuses %s', async (_case, variables, code, field, rule) => {
    const response = await pull({ id: campaignId, ...variables() });
    expect(response.data!.campaignChanges).toBeNull();
    expect(response.errors![0].extensions).toEqual({ code, field, rule });
  });
});
