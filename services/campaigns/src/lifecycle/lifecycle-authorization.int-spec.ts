import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { campaignWithNotes, LIFECYCLE, refusalOf } from './testing/lifecycle-operations';

const SHARE = `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token } }`;
const READ = `query($id: ID!) { campaign(id: $id) { id } }`;
/** A read-only share link's token may read and follow its campaign, and nothing else. */
const OUT_OF_SCOPE = { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' };

/**
 * Who may do each lifecycle operation: a member of the owning group; a
 * former member, a stranger, an anonymous caller and the holder of a
 * read-only share link of the campaign are refused, and a refusal changes
 * nothing. Groups: `table-a` holds Ana and Cara (Ben was a
 * member and left), `table-b` holds Ana and Dan; Eve is in neither.
 */
describe('authorization of the campaign lifecycle on Postgres', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let db: DataSource;
  const token: Record<string, string | undefined> = {};

  /** Everything a refused operation could have changed: the row's lifecycle columns and the log. */
  const stored = async (id: string) => {
    const [row] = await db.query(
      `SELECT name, group_id, version, archived_at, deleted_at, deleted_by, (SELECT count(*)::int FROM campaign_changes WHERE campaign_id = $1) AS changes FROM campaigns WHERE id = $1`,
      [id],
    );
    return row;
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    const member = (playerId: string) => ({ playerId, role: 'MEMBER' as const });
    await writer.write({ groupId: 'table-a', version: 1, members: [member('player-ana'), member('player-cara'), member('player-ben')] });
    await writer.write({ groupId: 'table-a', version: 2, members: [member('player-ana'), member('player-cara')] });
    await writer.write({ groupId: 'table-b', version: 1, members: [member('player-ana'), member('player-dan')] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    db = service.app.get(DataSource);
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cara', 'dan', 'eve']) token[who] = tokens.issue(`player-${who}`).accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  const operations: [string, string, (id: string) => Record<string, unknown>, string][] = [
    ['renameCampaign', LIFECYCLE.rename, (id) => ({ input: { campaignId: id, name: 'Taken over' } }), 'input.campaignId'],
    ['archiveCampaign', LIFECYCLE.archive, (id) => ({ id }), 'campaignId'],
    ['unarchiveCampaign', LIFECYCLE.unarchive, (id) => ({ id }), 'campaignId'],
    ['deleteCampaign', LIFECYCLE.delete, (id) => ({ id }), 'campaignId'],
    ['transferCampaign', LIFECYCLE.transfer, (id) => ({ input: { campaignId: id, groupId: 'table-b' } }), 'input.campaignId'],
  ];

  const shareLinkOf = async (id: string) => {
    const made = await graphql(service.url, SHARE, { input: { campaignId: id } }, token.ana);
    expect(made.errors).toBeUndefined();
    return made.data!.createCampaignShareLink.token as string;
  };

  describe.each(operations)('%s', (operation, document, variables, field) => {
    let id: string;
    let shareLink: string;
    beforeAll(async () => {
      id = await campaignWithNotes(service.url, token.ana!, 'table-a', `For ${operation}`, 2);
      shareLink = await shareLinkOf(id);
      // unarchive has something to undo only on an archived campaign.
      if (operation === 'unarchiveCampaign') expect((await graphql(service.url, LIFECYCLE.archive, { id }, token.ana)).errors).toBeUndefined();
    });

    it.each([
      ['a former member', 'ben'],
      ['a stranger', 'eve'],
    ])('is NOT_FOUND on %s, as for an id never used, and changes nothing', async (_who, who) => {
      const before = await stored(id);
      const response = await graphql(service.url, document, variables(id), token[who]);
      expect(refusalOf(response)).toEqual({ code: 'NOT_FOUND', field, rule: 'exists' });
      expect(refusalOf(await graphql(service.url, document, variables('no-such-campaign'), token.ana))).toEqual({ code: 'NOT_FOUND', field, rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it('is UNAUTHENTICATED without a token and changes nothing', async () => {
      const before = await stored(id);
      expect(refusalOf(await graphql(service.url, document, variables(id)))?.code).toBe('UNAUTHENTICATED');
      expect(await stored(id)).toEqual(before);
    });

    it('is FORBIDDEN to the holder of a share link of the campaign, which may only read it, and changes nothing', async () => {
      const before = await stored(id);
      expect(refusalOf(await graphql(service.url, document, variables(id), shareLink))).toEqual(OUT_OF_SCOPE);
      expect((await graphql(service.url, READ, { id }, shareLink)).data!.campaign).toEqual({ id });
      expect(await stored(id)).toEqual(before);
    });

    it('is done for a member, as the next version of the log', async () => {
      const before = await stored(id);
      const response = await graphql(service.url, document, variables(id), token.ana);
      expect(response.errors).toBeUndefined();
      expect((await stored(id)).changes).toBe(before.changes + 1);
    });
  });

  describe('restoreCampaign and deletedGroupCampaigns', () => {
    let id: string;
    let shareLink: string;
    beforeAll(async () => {
      id = await campaignWithNotes(service.url, token.ana!, 'table-a', 'Deleted one', 1);
      shareLink = await shareLinkOf(id);
      expect((await graphql(service.url, LIFECYCLE.delete, { id }, token.ana)).errors).toBeUndefined();
    });

    it('are FORBIDDEN to the holder of a share link made before the delete, whose campaign is NOT_FOUND to it now', async () => {
      const before = await stored(id);
      expect(refusalOf(await graphql(service.url, LIFECYCLE.restore, { id }, shareLink))).toEqual(OUT_OF_SCOPE);
      expect(refusalOf(await graphql(service.url, LIFECYCLE.deleted, { groupId: 'table-a' }, shareLink))).toEqual(OUT_OF_SCOPE);
      expect(refusalOf(await graphql(service.url, READ, { id }, shareLink))).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it.each([
      ['a former member', 'ben'],
      ['a stranger', 'eve'],
      ['a member of another group only', 'dan'],
    ])('are NOT_FOUND on %s, and the campaign stays deleted', async (_who, who) => {
      const before = await stored(id);
      expect(refusalOf(await graphql(service.url, LIFECYCLE.restore, { id }, token[who]))).toEqual({ code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' });
      expect(refusalOf(await graphql(service.url, LIFECYCLE.deleted, { groupId: 'table-a' }, token[who]))).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it('are UNAUTHENTICATED without a token', async () => {
      const before = await stored(id);
      expect(refusalOf(await graphql(service.url, LIFECYCLE.restore, { id }))?.code).toBe('UNAUTHENTICATED');
      expect(refusalOf(await graphql(service.url, LIFECYCLE.deleted, { groupId: 'table-a' }))?.code).toBe('UNAUTHENTICATED');
      expect(await stored(id)).toEqual(before);
    });

    it('list it and bring it back for any member', async () => {
      const listed = await graphql(service.url, LIFECYCLE.deleted, { groupId: 'table-a' }, token.cara);
      expect(listed.data!.deletedGroupCampaigns.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(id);
      const restored = await graphql(service.url, LIFECYCLE.restore, { id }, token.cara);
      expect(restored.errors).toBeUndefined();
      expect((await stored(id)).deleted_at).toBeNull();
    });
  });

  describe('transferCampaign between two groups', () => {
    let id: string;
    beforeEach(async () => {
      id = await campaignWithNotes(service.url, token.ana!, 'table-a', 'Moving house', 1);
    });

    it('is NOT_FOUND on input.groupId for a member of the campaign’s group only, and changes nothing', async () => {
      const before = await stored(id);
      const response = await graphql(service.url, LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'table-b' } }, token.cara);
      expect(refusalOf(response)).toEqual({ code: 'NOT_FOUND', field: 'input.groupId', rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it('is NOT_FOUND on input.campaignId for a member of the target group only, and changes nothing', async () => {
      const before = await stored(id);
      const response = await graphql(service.url, LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'table-b' } }, token.dan);
      expect(refusalOf(response)).toEqual({ code: 'NOT_FOUND', field: 'input.campaignId', rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it('moves it for a member of both: the new group sees it, the old group no longer does', async () => {
      const response = await graphql(service.url, LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'table-b' } }, token.ana);
      expect(response.errors).toBeUndefined();
      expect(response.data!.transferCampaign.groupId).toBe('table-b');
      const read = `query($id: ID!) { campaign(id: $id) { id groupId } }`;
      expect((await graphql(service.url, read, { id }, token.dan)).data!.campaign).toEqual({ id, groupId: 'table-b' });
      expect(refusalOf(await graphql(service.url, read, { id }, token.cara))).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
    });
  });
});
