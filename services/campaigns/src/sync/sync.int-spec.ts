import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { membershipKeys, MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignClientEntity } from '../store/campaign-client.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id groupId version } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) {
  pushCampaignActions(input: $input) { version lastSeq rejected { seq code rule field reason } }
}`;
const CHANGES = `query($id: ID!, $since: Int!, $first: Int) {
  campaignChanges(campaignId: $id, sinceVersion: $since, first: $first) {
    version hasMore clients { clientId lastSeq }
    changes { version name args clientId seq playerId undoesVersion undoneByVersion delta { op path by from to } }
  }
}`;
const STATE = `query($id: ID!) { campaign(id: $id) { id version twomState {
  day storage { key value } fittings notes { text } scriptsRead chapter
  characters { key value { levels { hunger misery wounds fatigue illness } states } }
  eventDeck { cards { name kind } drawn { name } rngState { s0 c } }
} zoneSurvivalState { round } } }`;
const HISTORY = `query($id: ID!, $first: Int, $after: String) {
  campaignHistory(campaignId: $id, first: $first, after: $after) { edges { node { version name clientId seq playerId appliedAt } } pageInfo { hasNextPage endCursor } }
}`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version name undoesVersion delta { op path by } } }`;
const CATALOG = `query($gameId: ID!) { campaignActions(gameId: $gameId) { name description argsSchema example exampleAfter } }`;

interface Action {
  seq: number;
  name: string;
  args?: unknown;
}

describe('campaign sync on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let writer: MembershipWriter;
  const token: Record<string, string> = {};
  let db: DataSource;

  const push = (who: string, campaignId: string, clientId: string, actions: Action[]) =>
    graphql(service.url, PUSH, { input: { campaignId, clientId, actions } }, token[who]);
  const state = async (id: string) => (await graphql(service.url, STATE, { id }, token.ana)).data!.campaign;
  const newCampaign = async (gameId = 'twom', groupId = 'thursday-box') => {
    const response = await graphql(service.url, CREATE, { input: { gameId, name: 'Winter', groupId } }, token.ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const stored = async (campaignId: string) => ({
    campaign: await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId }),
    changes: await db.getRepository(CampaignChangeEntity).countBy({ campaignId }),
    clients: await db.getRepository(CampaignClientEntity).findBy({ campaignId }),
  });

  beforeAll(async () => {
    writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({
      groupId: 'thursday-box',
      version: 1,
      members: [
        { playerId: 'player-ana', role: 'OWNER' },
        { playerId: 'player-ben', role: 'MEMBER' },
        { playerId: 'player-dan', role: 'MEMBER' },
      ],
    });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
    db = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  describe('a new campaign', () => {
    it('starts from the engine’s setup with its seed and transcript, the same for the same seed', async () => {
      const setup = {
        players: ['Ana', 'Ben'],
        characterDeck: [
          { name: 'Red A', border: 'red' },
          { name: 'Black A', border: 'black' },
          { name: 'Black B', border: 'black' },
          { name: 'Black C', border: 'black' },
        ],
        locationsDeck: ['Location A', 'Location B', 'Location C', 'Location D'],
      };
      const query = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
        id seed setupTranscript { text } twomState { storage { key value } characters { key value { levels { hunger } } } }
      } }`;
      const one = await graphql(service.url, query, { input: { gameId: 'twom', name: 'A', setup, seed: 'table-seed' } }, token.ana);
      const two = await graphql(service.url, query, { input: { gameId: 'twom', name: 'B', setup, seed: 'table-seed' } }, token.ana);
      expect(one.errors).toBeUndefined();
      const campaign = one.data!.createCampaign;
      expect(campaign.seed).toBe('table-seed');
      expect(campaign.setupTranscript.length).toBeGreaterThan(0);
      expect(campaign.twomState.characters.map((c: { value: { levels: { hunger: number } } }) => c.value.levels.hunger)).toEqual([2, 2, 2]);
      expect(campaign.twomState.storage).toContainEqual({ key: 'Water', value: 2 });
      expect({ ...two.data!.createCampaign, id: 'x' }).toEqual({ ...campaign, id: 'x' });
    });

    it('refuses a bad setup, a group the caller is not in and an unknown game, storing nothing', async () => {
      const before = await db.getRepository(CampaignEntity).count();
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ gameId: 'twom', name: 'X', setup: { players: [] } }, 'BAD_USER_INPUT', 'input.setup.players', 'range'],
        [{ gameId: 'stalker-zs', name: 'X', setup: {} }, 'BAD_USER_INPUT', 'input.setup.scenarioId', 'required'],
        [{ gameId: 'twom', name: 'X', groupId: 'someone-elses' }, 'NOT_FOUND', 'input.groupId', 'exists'],
        [{ gameId: 'twom', name: 'X', groupId: 'personal-player-ben' }, 'NOT_FOUND', 'input.groupId', 'exists'],
      ];
      for (const [input, code, field, rule] of cases) {
        const response = await graphql(service.url, CREATE, { input }, token.ana);
        expect(response.errors![0].extensions).toEqual({ code, field, rule });
      }
      expect(await db.getRepository(CampaignEntity).count()).toBe(before);
    });

    it('runs every catalog example on a new campaign of its game', async () => {
      for (const gameId of ['twom', 'stalker-zs', 'hope-inhumanity']) {
        const listed = await graphql(service.url, CATALOG, { gameId });
        expect(listed.errors).toBeUndefined();
        const catalog = listed.data!.campaignActions as { name: string; example: unknown; exampleAfter: string[]; argsSchema: { type: string } }[];
        expect(catalog.length).toBeGreaterThan(0);
        const exampleOf = new Map(catalog.map((a) => [a.name, a.example]));
        for (const action of catalog) {
          expect(action.argsSchema.type).toBe('object');
          const campaignId = await newCampaign(gameId);
          const actions = [...action.exampleAfter, action.name].map((name, i) => ({ seq: i + 1, name, args: exampleOf.get(name) }));
          const response = await push('ana', campaignId, 'catalog-device', actions);
          expect([gameId, action.name, response.errors, response.data!.pushCampaignActions.rejected]).toEqual([gameId, action.name, undefined, []]);
          expect(response.data!.pushCampaignActions.version).toBe(actions.length);
          // The same action with args its schema refuses: rejected with its reason, the seq handled, nothing changed.
          const before = await stored(campaignId);
          const bad = await push('ana', campaignId, 'catalog-device', [{ seq: actions.length + 1, name: action.name, args: { ...(exampleOf.get(action.name) as object), unexpected: true } }]);
          expect(bad.data!.pushCampaignActions).toMatchObject({ version: actions.length, lastSeq: actions.length + 1, rejected: [{ seq: actions.length + 1, code: 'BAD_USER_INPUT', rule: 'unknown-field', field: 'args.unexpected' }] });
          const after = await stored(campaignId);
          expect([after.campaign.state, after.campaign.version, after.changes]).toEqual([before.campaign.state, before.campaign.version, before.changes]);
        }
      }
      const unknown = await graphql(service.url, CATALOG, { gameId: 'monopoly' });
      expect(unknown.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'gameId', rule: 'known-game' });
    });
  });

  describe('pushing', () => {
    it('applies a batch in order, and a retried push (the response was lost) applies nothing twice', async () => {
      const id = await newCampaign();
      const batch = [
        { seq: 1, name: 'add-resource', args: { resource: 'Water', amount: 3 } },
        { seq: 2, name: 'spend-resource', args: { resource: 'Water', amount: 1 } },
        { seq: 3, name: 'advance-day' },
      ];
      const first = await push('ana', id, 'phone-ana-1', batch);
      expect(first.data!.pushCampaignActions).toEqual({ version: 3, lastSeq: 3, rejected: [] });
      const retried = await push('ana', id, 'phone-ana-1', batch);
      expect(retried.data!.pushCampaignActions).toEqual({ version: 3, lastSeq: 3, rejected: [] });
      const overlapping = await push('ana', id, 'phone-ana-1', [batch[2], { seq: 4, name: 'add-note', args: { text: 'cold night' } }]);
      expect(overlapping.data!.pushCampaignActions).toEqual({ version: 4, lastSeq: 4, rejected: [] });
      const now = await state(id);
      expect(now.version).toBe(4);
      expect(now.twomState).toMatchObject({ day: 2, storage: [{ key: 'Water', value: 2 }], notes: [{ text: 'cold night' }] });
      expect((await stored(id)).changes).toBe(4);
    });

    it('rejects an action the state does not allow with its reason, changes nothing for it, and still advances the seq', async () => {
      const id = await newCampaign();
      const response = await push('ana', id, 'phone-ana-1', [
        { seq: 1, name: 'spend-resource', args: { resource: 'Water', amount: 1 } },
        { seq: 2, name: 'adjust-level', args: { character: 'Nobody', level: 'hunger', by: 1 } },
        { seq: 3, name: 'no-such-action' },
        { seq: 4, name: 'add-resource', args: { resource: 'Water', amount: -2 } },
        { seq: 5, name: 'draw-event' },
        { seq: 6, name: 'add-resource', args: { resource: 'Wood', amount: 1 } },
      ]);
      const result = response.data!.pushCampaignActions;
      expect(result.version).toBe(1);
      expect(result.lastSeq).toBe(6);
      expect(result.rejected.map((r: { seq: number; code: string; rule: string; field: string }) => [r.seq, r.code, r.rule, r.field])).toEqual([
        [1, 'CONFLICT', 'storage-below-zero', 'args.amount'],
        [2, 'NOT_FOUND', 'character', 'args.character'],
        [3, 'BAD_USER_INPUT', 'unknown-action', 'name'],
        [4, 'BAD_USER_INPUT', 'range', 'args.amount'],
        [5, 'CONFLICT', 'deck-empty', 'args'],
      ]);
      expect(result.rejected[0].reason).toMatch(/holds 0 Water/);
      expect((await state(id)).twomState.storage).toEqual([{ key: 'Wood', value: 1 }]);
    });

    it('refuses a gap in seq, malformed batches and oversized args, naming the field and rule, and applies nothing', async () => {
      const id = await newCampaign();
      await push('ana', id, 'phone-ana-1', [{ seq: 1, name: 'advance-day' }]);
      const before = await stored(id);
      const cases: [string, Action[], string, string][] = [
        ['phone-ana-1', [{ seq: 3, name: 'advance-day' }], 'input.actions[0].seq', 'sequence-gap'],
        ['phone-ana-1', [{ seq: 2, name: 'advance-day' }, { seq: 4, name: 'advance-day' }], 'input.actions[1].seq', 'sequence-gap'],
        ['phone-ana-1', [{ seq: 0, name: 'advance-day' }], 'input.actions[0].seq', 'seq-range'],
        ['new-device-1', [{ seq: 2, name: 'advance-day' }], 'input.actions[0].seq', 'sequence-gap'],
        ['bad id!', [{ seq: 1, name: 'advance-day' }], 'input.clientId', 'client-id-format'],
        ['short', [{ seq: 1, name: 'advance-day' }], 'input.clientId', 'client-id-format'],
        ['phone-ana-1', [], 'input.actions', 'batch-empty'],
        ['phone-ana-1', Array.from({ length: 101 }, (_, i) => ({ seq: i + 2, name: 'advance-day' })), 'input.actions', 'batch-size'],
        ['phone-ana-1', [{ seq: 2, name: 'add-note', args: { text: 'x'.repeat(9000) } }], 'input.actions[0].args', 'args-size'],
      ];
      for (const [clientId, actions, field, rule] of cases) {
        const response = await push('ana', id, clientId, actions);
        expect([field, response.errors?.[0].extensions]).toEqual([field, { code: 'BAD_USER_INPUT', field, rule }]);
      }
      const after = await stored(id);
      expect(after.campaign.version).toBe(before.campaign.version);
      expect(after.campaign.state).toEqual(before.campaign.state);
      expect(after.changes).toBe(before.changes);
      expect(after.clients).toEqual(before.clients);
    });

    it('serializes really concurrent pushes from two devices to one campaign: every action applies exactly once', async () => {
      const id = await newCampaign();
      // Each device sends its pushes one after another, as a device does; the two devices race each other.
      const device = async (who: string, clientId: string) => {
        const results = [];
        for (let round = 0; round < 10; round += 1) {
          const actions = [1, 2].map((k) => ({ seq: round * 2 + k, name: 'add-resource', args: { resource: clientId, amount: 1 } }));
          results.push(await push(who, id, clientId, actions));
        }
        return results;
      };
      const results = (await Promise.all([device('ana', 'phone-ana-1'), device('ben', 'tablet-ben-1')])).flat();
      expect(results.map((r) => [r.errors, r.data!.pushCampaignActions.rejected])).toEqual(Array.from({ length: 20 }, () => [undefined, []]));
      const versions = results.map((r) => r.data!.pushCampaignActions.version as number);
      expect(new Set(versions).size).toBe(20);
      const now = await state(id);
      expect(now.version).toBe(40);
      expect(now.twomState.storage).toEqual(expect.arrayContaining([{ key: 'phone-ana-1', value: 20 }, { key: 'tablet-ben-1', value: 20 }]));
      const changes = (await graphql(service.url, CHANGES, { id, since: 0 }, token.ben)).data!.campaignChanges;
      expect(changes.changes.map((c: { version: number }) => c.version)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(changes.clients).toEqual([
        { clientId: 'phone-ana-1', lastSeq: 20 },
        { clientId: 'tablet-ben-1', lastSeq: 20 },
      ]);
    });
  });

  describe('pulling, history and undo', () => {
    let id: string;

    beforeAll(async () => {
      id = await newCampaign();
      await push('ana', id, 'phone-ana-1', [
        { seq: 1, name: 'add-character', args: { character: 'Emira' } },
        { seq: 2, name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: 2 } },
        { seq: 3, name: 'add-resource', args: { resource: 'Water', amount: 2 } },
      ]);
      await push('ben', id, 'tablet-ben-1', [{ seq: 1, name: 'spend-resource', args: { resource: 'Water', amount: 1 } }]);
    });

    it('returns the changes after a version in pages, with each device’s seq', async () => {
      const page = (await graphql(service.url, CHANGES, { id, since: 1, first: 2 }, token.ben)).data!.campaignChanges;
      expect(page.version).toBe(4);
      expect(page.hasMore).toBe(true);
      expect(page.changes.map((c: { version: number; name: string; clientId: string; seq: number; playerId: string }) => [c.version, c.name, c.clientId, c.seq, c.playerId])).toEqual([
        [2, 'adjust-level', 'phone-ana-1', 2, 'player-ana'],
        [3, 'add-resource', 'phone-ana-1', 3, 'player-ana'],
      ]);
      expect(page.changes[0].delta).toEqual([{ op: 'add', path: ['characters', 'Emira', 'levels', 'hunger'], by: 2, from: null, to: null }]);
      expect(page.clients).toEqual([
        { clientId: 'phone-ana-1', lastSeq: 3 },
        { clientId: 'tablet-ben-1', lastSeq: 1 },
      ]);
      const bad = await graphql(service.url, CHANGES, { id, since: -1 }, token.ben);
      expect(bad.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'sinceVersion', rule: 'range' });
    });

    it('pages the history newest first with who, when and from which device', async () => {
      const first = (await graphql(service.url, HISTORY, { id, first: 3 }, token.ana)).data!.campaignHistory;
      expect(first.edges.map((e: { node: { version: number; playerId: string; clientId: string } }) => [e.node.version, e.node.playerId, e.node.clientId])).toEqual([
        [4, 'player-ben', 'tablet-ben-1'],
        [3, 'player-ana', 'phone-ana-1'],
        [2, 'player-ana', 'phone-ana-1'],
      ]);
      expect(new Date(first.edges[0].node.appliedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const rest = (await graphql(service.url, HISTORY, { id, first: 3, after: first.pageInfo.endCursor }, token.ana)).data!.campaignHistory;
      expect(rest.edges.map((e: { node: { version: number } }) => e.node.version)).toEqual([1]);
      expect(rest.pageInfo.hasNextPage).toBe(false);
      const forged = Buffer.from(JSON.stringify(['not-a-version'])).toString('base64url');
      for (const after of [forged, 'garbage']) {
        const bad = await graphql(service.url, HISTORY, { id, first: 3, after }, token.ana);
        expect(bad.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'after', rule: 'cursor' });
      }
    });

    it('undoes with a compensating change in the history, and refuses where later changes depend on it', async () => {
      const dependent = await graphql(service.url, UNDO, { id, v: 3 }, token.ana);
      expect(dependent.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'later-dependent' });
      expect(dependent.errors![0].message).toMatch(/4/);
      const parent = await graphql(service.url, UNDO, { id, v: 1 }, token.ana);
      expect(parent.errors![0].extensions).toMatchObject({ code: 'CONFLICT', rule: 'later-dependent' });
      expect((await state(id)).version).toBe(4);

      const undone = await graphql(service.url, UNDO, { id, v: 2 }, token.ben);
      expect(undone.data!.undoCampaignAction).toEqual({ version: 5, name: 'undo', undoesVersion: 2, delta: [{ op: 'add', path: ['characters', 'Emira', 'levels', 'hunger'], by: -2 }] });
      expect((await state(id)).twomState.characters[0].value.levels.hunger).toBe(0);
      const again = await graphql(service.url, UNDO, { id, v: 2 }, token.ana);
      expect(again.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'already-undone' });
      const ofUndo = await graphql(service.url, UNDO, { id, v: 5 }, token.ana);
      expect(ofUndo.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'is-undo' });
      const missing = await graphql(service.url, UNDO, { id, v: 99 }, token.ana);
      expect(missing.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'actionVersion', rule: 'exists' });
      const changes = (await graphql(service.url, CHANGES, { id, since: 1 }, token.ana)).data!.campaignChanges.changes;
      expect(changes.find((c: { version: number }) => c.version === 2).undoneByVersion).toBe(5);
      expect((await state(id)).version).toBe(5);
    });
  });

  describe('who may read and act', () => {
    let id: string;
    const operations: [string, string, (campaignId: string) => Record<string, unknown>][] = [
      ['campaign', `query($id: ID!) { campaign(id: $id) { id } }`, (campaignId) => ({ id: campaignId })],
      ['campaignChanges', CHANGES, (campaignId) => ({ id: campaignId, since: 0 })],
      ['campaignHistory', HISTORY, (campaignId) => ({ id: campaignId })],
      ['pushCampaignActions', PUSH, (campaignId) => ({ input: { campaignId, clientId: 'some-device-1', actions: [{ seq: 1, name: 'advance-day' }] } })],
      ['undoCampaignAction', UNDO, (campaignId) => ({ id: campaignId, v: 1 })],
      ['createCampaign', CREATE, () => ({ input: { gameId: 'twom', name: 'Ours', groupId: 'thursday-box' } })],
      ['_entities', `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Campaign { id } } }`, (campaignId) => ({ reps: [{ __typename: 'Campaign', id: campaignId }] })],
    ];

    beforeAll(async () => {
      id = await newCampaign();
      await push('ana', id, 'phone-ana-1', [{ seq: 1, name: 'add-note', args: { text: 'only for the group' } }]);
      // Dan leaves the group: accounts writes the new membership.
      await writer.write({ groupId: 'thursday-box', version: 2, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });

    it.each(operations)('%s: a member gets an answer; a former member and a stranger NOT_FOUND; anonymous UNAUTHENTICATED', async (_name, query, variables) => {
      const before = await stored(id);
      const member = await graphql(service.url, query, variables(id), token.ben);
      expect(member.errors).toBeUndefined();
      const after = await stored(id);
      const campaignsAfter = await db.getRepository(CampaignEntity).count();
      for (const who of ['dan', 'cleo']) {
        const response = await graphql(service.url, query, variables(id), token[who]);
        expect([who, response.errors?.[0].extensions?.code]).toEqual([who, 'NOT_FOUND']);
        expect(JSON.stringify(response)).not.toMatch(/only for the group/);
      }
      const anonymous = await graphql(service.url, query, variables(id));
      expect(anonymous.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      const unchanged = await stored(id);
      expect(unchanged.campaign.version).toBe(after.campaign.version);
      expect(unchanged.changes).toBe(after.changes);
      expect(await db.getRepository(CampaignEntity).count()).toBe(campaignsAfter);
      expect(before.campaign.version).toBeLessThanOrEqual(after.campaign.version);
    });

    it('lists the group’s campaigns for members only, and myCampaigns follows membership', async () => {
      const GROUP = `query($g: ID!) { groupCampaigns(groupId: $g, first: 100) { edges { node { id } } } }`;
      const MINE = `query { myCampaigns(first: 100) { edges { node { id } } } }`;
      const ids = (r: { data?: Record<string, { edges: { node: { id: string } }[] }> | null }, field: string) => r.data![field].edges.map((e) => e.node.id);
      expect(ids(await graphql(service.url, GROUP, { g: 'thursday-box' }, token.ben), 'groupCampaigns')).toContain(id);
      expect(ids(await graphql(service.url, MINE, {}, token.ben), 'myCampaigns')).toContain(id);
      expect(ids(await graphql(service.url, MINE, {}, token.dan), 'myCampaigns')).not.toContain(id);
      for (const who of ['dan', 'cleo']) {
        const response = await graphql(service.url, GROUP, { g: 'thursday-box' }, token[who]);
        expect(response.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
      }
      expect((await graphql(service.url, GROUP, { g: 'thursday-box' })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });
  });

  describe('when membership cannot be established', () => {
    it('refuses a push with SERVICE_UNAVAILABLE rather than a guess, and writes nothing', async () => {
      const id = await newCampaign();
      await push('ana', id, 'phone-ana-1', [{ seq: 1, name: 'advance-day' }]);
      const before = await stored(id);
      const keys = membershipKeys(isolation.redisPrefix);
      // What a Redis flush leaves: no group hash and no completed rebuild, then the change message readers hear.
      await redis.del(keys.group('thursday-box'), keys.built);
      await redis.publish(keys.changes, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        const response = await push('ben', id, 'tablet-ben-1', [{ seq: 1, name: 'advance-day' }]);
        expect(response.data).toBeNull();
        expect(response.errors![0]).toMatchObject({ message: expect.stringContaining('Group membership cannot be checked'), extensions: { code: 'SERVICE_UNAVAILABLE' } });
        const after = await stored(id);
        expect([after.campaign.version, after.changes, after.clients]).toEqual([before.campaign.version, before.changes, before.clients]);
      } finally {
        const rebuild = await writer.startRebuild();
        await writer.write({ groupId: 'thursday-box', version: 3, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
        await writer.finishRebuild(rebuild);
      }
      expect((await push('ben', id, 'tablet-ben-1', [{ seq: 1, name: 'advance-day' }])).data!.pushCampaignActions.version).toBe(2);
    });
  });
});
