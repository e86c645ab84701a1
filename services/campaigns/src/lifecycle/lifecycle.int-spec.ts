import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { DAY_MS } from './campaign-purge.queue';
import { campaignWithNotes, LIFECYCLE, PUSH, refusalOf } from './testing/lifecycle-operations';

const READ = `query($id: ID!) { campaign(id: $id) { id name version archivedAt } }`;
const HISTORY = `query($id: ID!) { campaignHistory(campaignId: $id, first: 20) { edges { node { version name args playerId } } } }`;
const CHANGES = `query($id: ID!) { campaignChanges(campaignId: $id, sinceVersion: 0) { version changes { version name delta { op } } } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`;
const OUTCOME = `mutation($input: RecordScenarioOutcomeInput!) { recordScenarioOutcome(input: $input) { version } }`;
const MINE = `query($all: Boolean) { myCampaigns(first: 100, includeArchived: $all) { edges { node { id archivedAt } } } }`;
const GROUP = `query($all: Boolean) { groupCampaigns(groupId: "cellar", first: 100, includeArchived: $all) { edges { node { id } } } }`;
const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Campaign { id } } }`;

const RETENTION_DAYS = 3;

describe('the campaign lifecycle on Postgres', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let db: DataSource;
  let ana: string;

  const stored = async (id: string) => {
    const [row] = await db.query(
      `SELECT name, group_id, version, archived_at, deleted_at, (SELECT count(*)::int FROM campaign_changes WHERE campaign_id = $1) AS changes,
              (SELECT count(*)::int FROM campaign_clients WHERE campaign_id = $1) AS clients FROM campaigns WHERE id = $1`,
      [id],
    );
    return row;
  };
  const ids = (response: { data?: Record<string, { edges: { node: { id: string } }[] }> | null }, field: string) =>
    response.data![field].edges.map((edge) => edge.node.id);

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.write({ groupId: 'attic', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_PURGE_AFTER_DAYS: String(RETENTION_DAYS) }));
    db = service.app.get(DataSource);
    ana = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  describe('renameCampaign refuses a bad name with its field and rule, storing nothing', () => {
    let id: string;
    beforeAll(async () => {
      id = await campaignWithNotes(service.url, ana, 'cellar', 'Winter siege', 1);
    });

    it.each([
      ['empty', '   ', 'min'],
      ['over 80 characters', 'x'.repeat(81), 'max'],
      ['holding a control character', 'Winter\u0000siege', 'plain-text'],
      ['holding a bidirectional override', 'Winter \u202Esiege', 'plain-text'],
    ])('a name %s', async (_what, name, rule) => {
      const before = await stored(id);
      const response = await graphql(service.url, LIFECYCLE.rename, { input: { campaignId: id, name } }, ana);
      expect(refusalOf(response)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule });
      expect(await stored(id)).toEqual(before);
    });

    it('takes 80 characters, trimmed, and records nothing for the same name again', async () => {
      const name = 'y'.repeat(80);
      const renamed = await graphql(service.url, LIFECYCLE.rename, { input: { campaignId: id, name: ` ${name} ` } }, ana);
      expect(renamed.data!.renameCampaign.name).toBe(name);
      const before = await stored(id);
      const again = await graphql(service.url, LIFECYCLE.rename, { input: { campaignId: id, name } }, ana);
      expect(again.data!.renameCampaign.version).toBe(before.version);
      expect(await stored(id)).toEqual(before);
    });
  });

  it('refuses a transfer to the group the campaign is in, storing nothing', async () => {
    const id = await campaignWithNotes(service.url, ana, 'cellar', 'Staying', 1);
    const before = await stored(id);
    const response = await graphql(service.url, LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'cellar' } }, ana);
    expect(refusalOf(response)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.groupId', rule: 'same-group' });
    expect(await stored(id)).toEqual(before);
  });

  it('records each change in the history as a version with an empty delta, which undo refuses to take back', async () => {
    const id = await campaignWithNotes(service.url, ana, 'cellar', 'Chronicle', 1);
    const steps: [string, Record<string, unknown>][] = [
      [LIFECYCLE.rename, { input: { campaignId: id, name: 'Chronicle of the siege' } }],
      [LIFECYCLE.archive, { id }],
      [LIFECYCLE.unarchive, { id }],
      [LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } }],
      [LIFECYCLE.delete, { id }],
      [LIFECYCLE.restore, { id }],
    ];
    for (const [document, variables] of steps) expect((await graphql(service.url, document, variables, ana)).errors).toBeUndefined();

    const history = await graphql(service.url, HISTORY, { id }, ana);
    expect(history.data!.campaignHistory.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      { version: 7, name: 'restore-campaign', args: {}, playerId: 'player-ana' },
      { version: 6, name: 'delete-campaign', args: {}, playerId: 'player-ana' },
      { version: 5, name: 'transfer-campaign', args: { fromGroupId: 'cellar', toGroupId: 'attic' }, playerId: 'player-ana' },
      { version: 4, name: 'unarchive-campaign', args: {}, playerId: 'player-ana' },
      { version: 3, name: 'archive-campaign', args: {}, playerId: 'player-ana' },
      { version: 2, name: 'rename-campaign', args: { from: 'Chronicle', to: 'Chronicle of the siege' }, playerId: 'player-ana' },
      { version: 1, name: 'add-note', args: { text: 'Night 1' }, playerId: 'player-ana' },
    ]);
    const pulled = await graphql(service.url, CHANGES, { id }, ana);
    expect(pulled.data!.campaignChanges.changes.slice(1).map((change: { delta: unknown[] }) => change.delta)).toEqual([[], [], [], [], [], []]);

    const undo = await graphql(service.url, UNDO, { id, v: 2 }, ana);
    expect(refusalOf(undo)).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'lifecycle-change' });
    expect((await stored(id)).version).toBe(7);
  });

  describe('an archived campaign', () => {
    let id: string;
    beforeAll(async () => {
      id = await campaignWithNotes(service.url, ana, 'cellar', 'Finished', 2);
      const archived = await graphql(service.url, LIFECYCLE.archive, { id }, ana);
      expect(archived.data!.archiveCampaign.archivedAt).toEqual(expect.any(String));
    });

    const writes: [string, () => [string, Record<string, unknown>], string][] = [
      ['a push', () => [PUSH, { input: { campaignId: id, clientId: 'phone-ana-01', actions: [{ seq: 3, name: 'add-note', args: { text: 'After' } }] } }], 'input.campaignId'],
      ['a first push of a new device', () => [PUSH, { input: { campaignId: id, clientId: 'tablet-ana-02', actions: [{ seq: 1, name: 'add-note', args: { text: 'New' } }] } }], 'input.campaignId'],
      ['an undo', () => [UNDO, { id, v: 2 }], 'campaignId'],
      [
        'a scenario outcome that opens an envelope',
        () => [OUTCOME, { input: { campaignId: id, scenarioId: 'twom:scenario:you-and-me', won: true, envelope: 'twom:envelope:a' } }],
        'input.campaignId',
      ],
      ['a rename', () => [LIFECYCLE.rename, { input: { campaignId: id, name: 'Renamed' } }], 'input.campaignId'],
      ['a transfer', () => [LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } }], 'input.campaignId'],
    ];

    it.each(writes)('refuses %s with CONFLICT campaign-archived, storing nothing', async (_what, write, field) => {
      const before = await stored(id);
      const envelopes = await db.query(`SELECT count(*)::int AS n FROM group_envelopes`);
      const [document, variables] = write();
      expect(refusalOf(await graphql(service.url, document, variables, ana))).toEqual({ code: 'CONFLICT', field, rule: 'campaign-archived' });
      expect(await stored(id)).toEqual(before);
      expect(await db.query(`SELECT count(*)::int AS n FROM group_envelopes`)).toEqual(envelopes);
    });

    it('is still read, and left out of the lists unless includeArchived', async () => {
      expect((await graphql(service.url, READ, { id }, ana)).data!.campaign.archivedAt).toEqual(expect.any(String));
      expect(ids(await graphql(service.url, MINE, {}, ana), 'myCampaigns')).not.toContain(id);
      expect(ids(await graphql(service.url, GROUP, {}, ana), 'groupCampaigns')).not.toContain(id);
      expect(ids(await graphql(service.url, MINE, { all: true }, ana), 'myCampaigns')).toContain(id);
      expect(ids(await graphql(service.url, GROUP, { all: true }, ana), 'groupCampaigns')).toContain(id);
    });

    it('takes pushes again once unarchived', async () => {
      await graphql(service.url, LIFECYCLE.unarchive, { id }, ana);
      const pushed = await graphql(service.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-01', actions: [{ seq: 3, name: 'add-note', args: { text: 'Again' } }] } }, ana);
      expect(pushed.errors).toBeUndefined();
      expect(ids(await graphql(service.url, MINE, {}, ana), 'myCampaigns')).toContain(id);
    });
  });

  describe('a deleted campaign', () => {
    let id: string;
    beforeAll(async () => {
      id = await campaignWithNotes(service.url, ana, 'cellar', 'Gone', 2);
      const deleted = await graphql(service.url, LIFECYCLE.delete, { id }, ana);
      expect(deleted.errors).toBeUndefined();
      const { deletedAt, restorableUntil } = deleted.data!.deleteCampaign;
      expect(Date.parse(restorableUntil) - Date.parse(deletedAt)).toBe(RETENTION_DAYS * DAY_MS);
    });

    const everything: [string, () => [string, Record<string, unknown>], string][] = [
      ['campaign(id)', () => [READ, { id }], 'id'],
      ['campaignChanges', () => [CHANGES, { id }], 'campaignId'],
      ['campaignHistory', () => [HISTORY, { id }], 'campaignId'],
      ['a push', () => [PUSH, { input: { campaignId: id, clientId: 'phone-ana-01', actions: [{ seq: 3, name: 'add-note', args: { text: 'Late' } }] } }], 'input.campaignId'],
      ['an undo', () => [UNDO, { id, v: 1 }], 'campaignId'],
      ['a scenario outcome', () => [OUTCOME, { input: { campaignId: id, scenarioId: 'twom:scenario:you-and-me', won: false } }], 'input.campaignId'],
      ['a rename', () => [LIFECYCLE.rename, { input: { campaignId: id, name: 'Back' } }], 'input.campaignId'],
      ['an archive', () => [LIFECYCLE.archive, { id }], 'campaignId'],
      ['an unarchive', () => [LIFECYCLE.unarchive, { id }], 'campaignId'],
      ['a transfer', () => [LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } }], 'input.campaignId'],
      ['a second delete', () => [LIFECYCLE.delete, { id }], 'campaignId'],
    ];

    it.each(everything)('answers %s with NOT_FOUND, storing nothing', async (_what, request, field) => {
      const before = await stored(id);
      const [document, variables] = request();
      expect(refusalOf(await graphql(service.url, document, variables, ana))).toEqual({ code: 'NOT_FOUND', field, rule: 'exists' });
      expect(await stored(id)).toEqual(before);
    });

    it('is a NOT_FOUND entity reference, out of every list but the deleted one', async () => {
      const entities = await graphql(service.url, ENTITIES, { reps: [{ __typename: 'Campaign', id }] }, ana);
      expect(entities.data!._entities).toEqual([null]);
      expect(refusalOf(entities)).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
      expect(ids(await graphql(service.url, MINE, { all: true }, ana), 'myCampaigns')).not.toContain(id);
      expect(ids(await graphql(service.url, GROUP, { all: true }, ana), 'groupCampaigns')).not.toContain(id);
      const deleted = await graphql(service.url, LIFECYCLE.deleted, { groupId: 'cellar' }, ana);
      expect(deleted.data!.deletedGroupCampaigns.edges.map((edge: { node: unknown }) => edge.node)).toContainEqual(
        expect.objectContaining({ id, name: 'Gone', deletedBy: { id: 'player-ana' } }),
      );
    });

    it('comes back as it was on restore, archived again if it was, and a second restore changes nothing', async () => {
      const archivedThenDeleted = await campaignWithNotes(service.url, ana, 'cellar', 'Shelved', 1);
      await graphql(service.url, LIFECYCLE.archive, { id: archivedThenDeleted }, ana);
      await graphql(service.url, LIFECYCLE.delete, { id: archivedThenDeleted }, ana);
      const restored = await graphql(service.url, LIFECYCLE.restore, { id: archivedThenDeleted }, ana);
      expect(restored.data!.restoreCampaign.archivedAt).toEqual(expect.any(String));

      const back = await graphql(service.url, LIFECYCLE.restore, { id }, ana);
      expect(back.errors).toBeUndefined();
      const before = await stored(id);
      expect((await graphql(service.url, LIFECYCLE.restore, { id }, ana)).data!.restoreCampaign.version).toBe(before.version);
      expect(await stored(id)).toEqual(before);
      expect((await graphql(service.url, READ, { id }, ana)).data!.campaign).toMatchObject({ id, name: 'Gone' });
    });

    it('cannot be restored once its days are over: NOT_FOUND, and out of the deleted list', async () => {
      const late = await campaignWithNotes(service.url, ana, 'cellar', 'Too late', 1);
      await graphql(service.url, LIFECYCLE.delete, { id: late }, ana);
      await db.query(`UPDATE campaigns SET deleted_at = $2 WHERE id = $1`, [late, Date.now() - RETENTION_DAYS * DAY_MS - 60_000]);
      const before = await stored(late);
      expect(refusalOf(await graphql(service.url, LIFECYCLE.restore, { id: late }, ana))).toEqual({ code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' });
      expect(await stored(late)).toEqual(before);
      const deleted = await graphql(service.url, LIFECYCLE.deleted, { groupId: 'cellar' }, ana);
      expect(deleted.data!.deletedGroupCampaigns.edges.map((edge: { node: { id: string } }) => edge.node.id)).not.toContain(late);
    });
  });
});
