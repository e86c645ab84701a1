import fc from 'fast-check';
import { getNamedType, GraphQLObjectType, GraphQLSchema, isObjectType } from 'graphql';
import Redis from 'ioredis';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { DataSource, MoreThan } from 'typeorm';
import { actionOf, applyAction, applyChanges, CampaignModel, sameJson, StateChange } from '@scriptbook/campaign-model';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignEntity } from '../store/campaign.entity';
import { followCampaign } from '../testing/live-follower';

const EVERY = 7;
const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version stateJson } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`;
const AT = `query($id: ID!, $v: Int!) { campaignAt(campaignId: $id, version: $v) { campaignId version currentVersion stateJson replayedFromVersion replayedChanges } }`;
const REVERT = `mutation($id: ID!, $v: Int!) { revertCampaignTo(campaignId: $id, version: $v) {
  version name args clientId seq playerId undoesVersion undoneByVersion delta { op path by from to }
} }`;
const CHANGES = `query($id: ID!, $since: Int!) { campaignChanges(campaignId: $id, sinceVersion: $since) {
  version changes { version name args undoesVersion undoneByVersion delta { op path by from to } }
} }`;
const STATE = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) { recordScenarioOutcome(input: $input) { version opensEnvelope } }`;

const campaignGames = RELEASE_CATALOG.games
  .map((game) => ({ gameId: game.id, model: RELEASE_CATALOG.campaignModelOf(game.id) }))
  .filter((entry): entry is { gameId: string; model: CampaignModel } => entry.model !== null);

/** Every field of a state's type, nested: the test reads a typed state whole, as an app drawing it would. */
function everyField(type: GraphQLObjectType): string {
  const parts = Object.values(type.getFields()).map((field) => {
    const named = getNamedType(field.type);
    return isObjectType(named) ? `${field.name} { ${everyField(named)} }` : field.name;
  });
  return parts.join(' ');
}

/** The query of a campaign's typed state, now and at a version, each selecting every game's state field whole. */
function typedStateQueries(schema: GraphQLSchema) {
  const fields = campaignGames.map(({ model }) => `${model.stateField} { ${everyField(schema.getType(model.stateTypeName) as GraphQLObjectType)} }`).join(' ');
  return {
    now: `query($id: ID!) { campaign(id: $id) { version gameId ${fields} } }`,
    at: `query($id: ID!, $v: Int!) { campaignAt(campaignId: $id, version: $v) { version gameId stateJson ${fields} } }`,
  };
}

interface LoggedChange {
  version: number;
  name: string;
  args: unknown;
  undoesVersion: number | null;
  undoneByVersion: number | null;
  delta: StateChange[];
}

/**
 * The state at every version, replayed from the campaign's first state: each
 * action run again through the game's model from its logged name and args
 * (the code a push runs), each undo and revert applied from its delta.
 */
function replayFromZero(model: CampaignModel, initial: unknown, changes: readonly LoggedChange[]): unknown[] {
  const states = [initial];
  for (const change of changes) {
    const previous = states[states.length - 1];
    const action = change.name === 'revert' || change.undoesVersion !== null ? null : actionOf(model, change.name);
    states.push(action ? applyAction(model.stateSchema, action, previous, change.args).state : applyChanges(previous, change.delta));
  }
  return states;
}

/** A random sequence of the game's own catalog: each action with its example, after the examples it needs. */
function randomSequence(model: CampaignModel, seed: number, length: number): { name: string; args: unknown }[] {
  const [picks] = fc.sample(fc.array(fc.nat(model.actions.length - 1), { minLength: length, maxLength: length }), { seed, numRuns: 1 });
  return picks.flatMap((index) => {
    const action = model.actions[index];
    const before = (action.exampleAfter ?? []).map((name) => ({ name, args: actionOf(model, name)!.example }));
    return [...before, { name: action.name, args: action.example }];
  });
}

describe('time travel and revert on Postgres and Redis, with the campaigns worker', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService;
  let writer: MembershipWriter;
  let db: DataSource;
  const token: Record<string, string> = {};
  const seqOf = new Map<string, number>();

  const call = (who: string | null, query: string, variables: Record<string, unknown>) => graphql(api.url, query, variables, who ? token[who] : undefined);
  const newCampaign = async (gameId: string, groupId = 'table') => {
    const created = await call('ana', CREATE, { input: { gameId, name: 'Past evenings', groupId } });
    expect(created.errors).toBeUndefined();
    return created.data!.createCampaign as { id: string; version: number; stateJson: unknown };
  };
  const push = async (campaignId: string, name: string, args: unknown) => {
    const seq = (seqOf.get(campaignId) ?? 0) + 1;
    seqOf.set(campaignId, seq);
    const pushed = await call('ben', PUSH, { input: { campaignId, clientId: 'tablet-ben-1', actions: [{ seq, name, args }] } });
    expect(pushed.errors).toBeUndefined();
    return pushed.data!.pushCampaignActions as { version: number; rejected: { rule: string }[] };
  };
  const logOf = async (campaignId: string): Promise<LoggedChange[]> => {
    const pulled = await call('ana', CHANGES, { id: campaignId, since: 0 });
    expect(pulled.errors).toBeUndefined();
    return pulled.data!.campaignChanges.changes;
  };
  const at = async (campaignId: string, version: number, who = 'ana') => {
    const read = await call(who, AT, { id: campaignId, v: version });
    expect(read.errors).toBeUndefined();
    return read.data!.campaignAt as { version: number; currentVersion: number; stateJson: unknown; replayedFromVersion: number; replayedChanges: number };
  };
  const snapshotsOf = (campaignId: string) => db.getRepository(CampaignSnapshotEntity).find({ where: { campaignId }, order: { version: 'ASC' } });
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const everySnapshotWritten = (campaignId: string, version: number) =>
    until(async () => (await snapshotsOf(campaignId)).length === Math.floor(version / EVERY) + 1, `the snapshots of ${campaignId} up to ${version}`);
  const stored = async (campaignId: string) => ({
    campaign: await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId }),
    changes: await db.getRepository(CampaignChangeEntity).find({ where: { campaignId }, order: { version: 'ASC' } }),
  });

  beforeAll(async () => {
    writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'table', version: 1, members: ['ana', 'ben', 'dan'].map((who, i) => ({ playerId: `player-${who}`, role: i === 0 ? 'OWNER' : 'MEMBER' })) });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_SNAPSHOT_EVERY: String(EVERY) }));
    worker = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns'));
    db = api.app.get(DataSource);
    const tokens = api.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
    // Dan has left the group: a former member.
    await writer.write({ groupId: 'table', version: 2, members: ['ana', 'ben'].map((who, i) => ({ playerId: `player-${who}`, role: i === 0 ? 'OWNER' : 'MEMBER' })) });
    await until(async () => (await call('dan', STATE, { id: 'none' })).errors?.[0]?.extensions?.code === 'NOT_FOUND', 'membership');
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  describe.each(campaignGames.map((entry) => [entry.gameId, entry]))('%s', (_gameId, { gameId, model }) => {
    it('serves the state at a version in the typed fields the campaign serves its current state in: a revert to that version reads the same', async () => {
      const queries = typedStateQueries(api.app.get(GraphQLSchemaHost).schema);
      const campaign = await newCampaign(gameId);
      const steps = randomSequence(model, 31 + gameId.length, 8);
      for (const step of steps) await push(campaign.id, step.name, step.args);
      const version = (await logOf(campaign.id)).length;
      const others = campaignGames.filter((entry) => entry.gameId !== gameId).map((entry) => entry.model.stateField);
      const played = (await call('ana', queries.at, { id: campaign.id, v: version })).data!.campaignAt;
      for (const v of [0, Math.floor(version / 2)]) {
        const past = await call('ana', queries.at, { id: campaign.id, v });
        expect(past.errors).toBeUndefined();
        const at = past.data!.campaignAt;
        expect(at).toMatchObject({ version: v, gameId });
        expect(at[model.stateField]).not.toBeNull();
        for (const field of others) expect({ field, value: at[field] }).toEqual({ field, value: null });
        // A past that differs from the evening played differs in its typed fields too: they are read at v, not now.
        if (!sameJson(at.stateJson, played.stateJson)) expect(at[model.stateField]).not.toEqual(played[model.stateField]);
        // The present after a revert to v is that past, read through Campaign's own fields.
        expect((await call('ana', REVERT, { id: campaign.id, v })).errors).toBeUndefined();
        const now = await call('ana', queries.now, { id: campaign.id });
        expect(now.errors).toBeUndefined();
        expect(now.data!.campaign[model.stateField]).toEqual(at[model.stateField]);
        const current = await call('ana', queries.at, { id: campaign.id, v: now.data!.campaign.version });
        expect(current.data!.campaignAt[model.stateField]).toEqual(now.data!.campaign[model.stateField]);
        // Back to where the table was, so the next version read is of the played evening.
        expect((await call('ana', REVERT, { id: campaign.id, v: version })).errors).toBeUndefined();
      }
    });

    it('answers the state at every version as a replay from 0 of random sequences with undos and a revert does, within the bound once the snapshots are written', async () => {
      for (const seed of [1, 2]) {
        const campaign = await newCampaign(gameId);
        for (const step of randomSequence(model, seed * 7919 + gameId.length, 60)) await push(campaign.id, step.name, step.args);
        // Undo something now and then, as a table does; undos that are refused change nothing.
        const log = await logOf(campaign.id);
        for (const change of log.filter((_, i) => i % 5 === 4)) await call('ana', UNDO, { id: campaign.id, v: change.version });
        // Go back to a version of the evening and play on from there.
        const [back] = fc.sample(fc.nat(log.length - 1), { seed, numRuns: 1 });
        expect((await call('ben', REVERT, { id: campaign.id, v: back })).errors).toBeUndefined();
        for (const step of randomSequence(model, seed * 104729 + gameId.length, 10)) await push(campaign.id, step.name, step.args);
        const changes = await logOf(campaign.id);
        const version = changes.length;
        expect(version).toBeGreaterThan(EVERY * 2);
        const replayed = replayFromZero(model, campaign.stateJson, changes);
        expect(sameJson(replayed[version], (await call('ana', STATE, { id: campaign.id })).data!.campaign.stateJson)).toBe(true);
        await everySnapshotWritten(campaign.id, version);
        for (let v = 0; v <= version; v++) {
          const read = await at(campaign.id, v);
          expect({ v, same: sameJson(read.stateJson, replayed[v]) }).toEqual({ v, same: true });
          expect(read).toMatchObject({ version: v, currentVersion: version });
          expect(read.replayedChanges).toBeLessThanOrEqual(EVERY);
          if (v >= EVERY) expect(read.replayedChanges).toBeLessThanOrEqual(EVERY - 1);
        }
      }
    });
  });

  it('with snapshots missing, replays forwards from the nearest one below, stores those it passed, and the next read is within the bound', async () => {
    const campaign = await newCampaign('twom');
    const version = 5 * EVERY + 3;
    for (let i = 1; i <= version; i++) await push(campaign.id, 'add-resource', { resource: 'Wood', amount: i });
    await everySnapshotWritten(campaign.id, version);
    const written = await snapshotsOf(campaign.id);
    const snapshots = db.getRepository(CampaignSnapshotEntity);
    await snapshots.delete({ campaignId: campaign.id, version: MoreThan(0) });

    const target = 4 * EVERY + 2;
    const first = await at(campaign.id, target);
    expect(first).toMatchObject({ replayedFromVersion: 0, replayedChanges: target, stateJson: { storage: { Wood: (target * (target + 1)) / 2 } } });
    expect((await snapshotsOf(campaign.id)).map((s) => [s.version, s.state])).toEqual(written.filter((s) => s.version <= target).map((s) => [s.version, s.state]));
    const again = await at(campaign.id, target);
    expect(again).toMatchObject({ replayedFromVersion: 4 * EVERY, replayedChanges: 2, stateJson: first.stateJson });

    // A campaign made before version 0 was kept: its first versions are taken back from the nearest stored state above.
    await snapshots.delete({ campaignId: campaign.id });
    const early = await at(campaign.id, 2);
    expect(early).toMatchObject({ replayedFromVersion: version, replayedChanges: version - 2, stateJson: { storage: { Wood: 3 } } });
    expect(await at(campaign.id, 2)).toMatchObject({ replayedFromVersion: EVERY, replayedChanges: EVERY - 2, stateJson: early.stateJson });
  });

  it('refuses bad versions and callers with their field and rule', async () => {
    const campaign = await newCampaign('twom');
    await push(campaign.id, 'add-resource', { resource: 'Water', amount: 2 });
    const cases: [string | null, string, number, Record<string, unknown>][] = [
      ['ana', campaign.id, -1, { code: 'BAD_USER_INPUT', field: 'version', rule: 'range' }],
      ['ana', campaign.id, 2, { code: 'CONFLICT', field: 'version', rule: 'ahead-of-campaign' }],
      ['cleo', campaign.id, 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
      ['dan', campaign.id, 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
      ['ana', 'no-such-campaign', 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
      [null, campaign.id, 0, { code: 'UNAUTHENTICATED' }],
    ];
    for (const [who, id, v, extensions] of cases) {
      const read = await call(who, AT, { id, v });
      expect({ who, v, data: read.data?.campaignAt ?? null, extensions: read.errors?.[0]?.extensions }).toEqual({ who, v, data: null, extensions });
    }
    expect((await at(campaign.id, 0, 'ben')).stateJson).toEqual(campaign.stateJson);
  });

  describe('revertCampaignTo', () => {
    it('records one change that takes the state back, marks what it took back, and is announced and pulled like any change', async () => {
      const campaign = await newCampaign('twom');
      for (const [name, args] of [
        ['add-resource', { resource: 'Water', amount: 3 }],
        ['add-character', { character: 'Emira' }],
        ['adjust-level', { character: 'Emira', level: 'hunger', by: 2 }],
        ['add-note', { text: 'The roof leaks' }],
        ['spend-resource', { resource: 'Water', amount: 1 }],
      ] as const) {
        await push(campaign.id, name, args);
      }
      await call('ana', UNDO, { id: campaign.id, v: 4 });
      const before = (await call('ana', STATE, { id: campaign.id })).data!.campaign;
      expect(before.version).toBe(6);
      const target = await at(campaign.id, 2);
      const follower = followCampaign(api.url, campaign.id, { token: token.ben });
      await follower.reach(6);

      const reverted = await call('dan', REVERT, { id: campaign.id, v: 2 });
      expect(reverted.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' });
      const revert = await call('ana', REVERT, { id: campaign.id, v: 2 });
      expect(revert.errors).toBeUndefined();
      expect(revert.data!.revertCampaignTo).toMatchObject({ version: 7, name: 'revert', args: { toVersion: 2 }, clientId: null, seq: null, playerId: 'player-ana', undoesVersion: null });
      await follower.reach(7);
      expect(follower.events[follower.events.length - 1]).toEqual({ campaignId: campaign.id, fromVersion: 6, version: 7 });
      await follower.stop();

      const now = (await call('ana', STATE, { id: campaign.id })).data!.campaign;
      expect(now.version).toBe(7);
      expect(sameJson(now.stateJson, target.stateJson)).toBe(true);
      // A device at version 6 applies the pulled change as it applies any other.
      const pulled = await call('ben', CHANGES, { id: campaign.id, since: 6 });
      expect(pulled.data!.campaignChanges.changes).toHaveLength(1);
      expect(sameJson(applyChanges(before.stateJson, pulled.data!.campaignChanges.changes[0].delta), target.stateJson)).toBe(true);
      const log = await logOf(campaign.id);
      expect(log.map((change) => [change.version, change.undoneByVersion])).toEqual([
        [1, null],
        [2, null],
        [3, 7],
        // Undone by version 6 before the revert, and still shown so.
        [4, 6],
        [5, 7],
        [6, 7],
        [7, null],
      ]);
      // What came back is a new past: time travel reads it, and a revert to a version before the revert takes it back in turn.
      expect(sameJson((await at(campaign.id, 6)).stateJson, before.stateJson)).toBe(true);
      const back = await call('ben', REVERT, { id: campaign.id, v: 6 });
      expect(back.errors).toBeUndefined();
      expect(sameJson((await call('ana', STATE, { id: campaign.id })).data!.campaign.stateJson, before.stateJson)).toBe(true);
      expect((await logOf(campaign.id)).map((change) => change.undoneByVersion)).toEqual([null, null, null, 6, null, null, 8, null]);
    });

    it('refuses bad versions and callers with their field and rule, storing nothing', async () => {
      const campaign = await newCampaign('twom');
      await push(campaign.id, 'add-resource', { resource: 'Water', amount: 2 });
      const kept = await stored(campaign.id);
      const cases: [string | null, string, number, Record<string, unknown>][] = [
        ['ana', campaign.id, -1, { code: 'BAD_USER_INPUT', field: 'version', rule: 'range' }],
        ['ana', campaign.id, 1, { code: 'CONFLICT', field: 'version', rule: 'nothing-to-revert' }],
        ['ana', campaign.id, 5, { code: 'CONFLICT', field: 'version', rule: 'ahead-of-campaign' }],
        ['cleo', campaign.id, 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
        ['dan', campaign.id, 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
        ['ana', 'no-such-campaign', 0, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }],
        [null, campaign.id, 0, { code: 'UNAUTHENTICATED' }],
      ];
      for (const [who, id, v, extensions] of cases) {
        const revert = await call(who, REVERT, { id, v });
        expect({ who, v, data: revert.data ?? null, extensions: revert.errors?.[0]?.extensions }).toEqual({ who, v, data: null, extensions });
      }
      expect(await stored(campaign.id)).toEqual(kept);

      // Archived, the campaign is read-only: a revert is refused as every write is. Its past still reads.
      expect((await call('ana', `mutation($id: ID!) { archiveCampaign(campaignId: $id) { id } }`, { id: campaign.id })).errors).toBeUndefined();
      const archived = await stored(campaign.id);
      const refused = await call('ana', REVERT, { id: campaign.id, v: 0 });
      expect(refused.errors?.[0]?.extensions).toEqual({ code: 'CONFLICT', field: 'campaignId', rule: 'campaign-archived' });
      expect(await stored(campaign.id)).toEqual(archived);
      expect((await at(campaign.id, 1)).stateJson).toMatchObject({ storage: { Water: 2 } });
    });

    it('leaves a rename standing: lifecycle changes are not in the state, and are not marked undone', async () => {
      const campaign = await newCampaign('twom');
      await push(campaign.id, 'add-resource', { resource: 'Water', amount: 2 });
      const renamed = await call('ana', `mutation($input: RenameCampaignInput!) { renameCampaign(input: $input) { name } }`, { input: { campaignId: campaign.id, name: 'Long winter' } });
      expect(renamed.errors).toBeUndefined();
      await push(campaign.id, 'add-note', { text: 'After the rename' });
      const revert = await call('ana', REVERT, { id: campaign.id, v: 1 });
      expect(revert.errors).toBeUndefined();
      const log = await logOf(campaign.id);
      expect(log.map((change) => [change.name, change.undoneByVersion])).toEqual([
        ['add-resource', null],
        [log[1].name, null],
        ['add-note', 4],
        ['revert', null],
      ]);
      expect((await call('ana', `query($id: ID!) { campaign(id: $id) { name } }`, { id: campaign.id })).data!.campaign.name).toBe('Long winter');
    });

    it('is refused past opened legacy envelopes, naming every blocking version, with nothing stored; a revert after them passes', async () => {
      const campaign = await newCampaign('twom');
      await push(campaign.id, 'add-resource', { resource: 'Water', amount: 2 });
      const win = await call('ana', RECORD, { input: { campaignId: campaign.id, scenarioId: 'twom:scenario:epidemic', won: true, envelope: 'twom:envelope:c' } });
      expect(win.errors).toBeUndefined();
      await until(async () => (await logOf(campaign.id)).some((change) => change.name === 'open-envelope'), 'envelope C to open');
      await push(campaign.id, 'add-resource', { resource: 'Wood', amount: 1 });
      const again = await call('ana', RECORD, { input: { campaignId: campaign.id, scenarioId: 'twom:scenario:refugees', won: true, envelope: 'twom:envelope:d' } });
      expect(again.errors).toBeUndefined();
      await until(async () => (await logOf(campaign.id)).filter((change) => change.name === 'open-envelope').length === 2, 'envelope D to open');
      await push(campaign.id, 'add-note', { text: 'After the envelopes' });
      const log = await logOf(campaign.id);
      const opened = log.filter((change) => change.name === 'open-envelope').map((change) => change.version);
      expect(opened).toHaveLength(2);
      const kept = await stored(campaign.id);

      for (const v of [0, 1, opened[0] - 1, opened[0]]) {
        const refused = await call('ana', REVERT, { id: campaign.id, v });
        const blocking = opened.filter((version) => version > v);
        expect({ v, extensions: refused.errors?.[0]?.extensions }).toEqual({ v, extensions: { code: 'CONFLICT', field: 'version', rule: 'legacy', blockingVersions: blocking } });
        expect(refused.errors![0].message).toContain(blocking.join(', '));
      }
      expect(await stored(campaign.id)).toEqual(kept);

      const after = await call('ana', REVERT, { id: campaign.id, v: opened[1] });
      expect(after.errors).toBeUndefined();
      expect(sameJson((await call('ana', STATE, { id: campaign.id })).data!.campaign.stateJson, (await at(campaign.id, opened[1])).stateJson)).toBe(true);
    });
  });
});
