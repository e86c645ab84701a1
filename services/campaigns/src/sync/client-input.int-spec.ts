import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { redisOptionsFromUrl } from '@scriptbook/platform';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { Queue } from 'bullmq';
import { envelopeUnlockQueue } from '../envelopes/envelope-unlock.queue';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignClientEntity } from '../store/campaign-client.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq code rule field reason } } }`;
const CHANGES = `query($id: ID!, $since: Int!) { campaignChanges(campaignId: $id, sinceVersion: $since) { version hasMore changes { version } } }`;
const STATE = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;
const CATALOG = `query($gameId: ID!) { campaignActions(gameId: $gameId) { name example } }`;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) { recordScenarioOutcome(input: $input) { version scenarioId won opensEnvelope } }`;
const WIN = `mutation($input: RecordScenarioOutcomeInput!) {
  recordScenarioOutcome(input: $input) { unlockJob { id } groupEnvelope { state unlockJobId progress { campaignsDone campaignsTotal percent } } }
}`;

/**
 * What a client may send that must neither corrupt a campaign nor be
 * refused vaguely: reserved names, hidden characters, versions ahead of the
 * campaign, and the mutation that wraps a push. On Postgres, through the
 * service as it runs.
 */
describe('campaign input from clients, on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let db: DataSource;
  let token: string;
  let clients = 0;

  const newCampaign = async (gameId = 'twom') => {
    const response = await graphql(service.url, CREATE, { input: { gameId, name: 'Winter', groupId: 'box' } }, token);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const push = async (campaignId: string, actions: { seq: number; name: string; args?: unknown }[], clientId = `phone-${++clients}-input`) =>
    (await graphql(service.url, PUSH, { input: { campaignId, clientId, actions } }, token)).data!.pushCampaignActions;
  const stored = async (campaignId: string) => ({
    campaign: await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId }),
    changes: await db.getRepository(CampaignChangeEntity).countBy({ campaignId }),
    clients: await db.getRepository(CampaignClientEntity).findBy({ campaignId }),
  });

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    token = service.app.get(TokenService).issue('player-ana').accessToken;
    db = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('refuses resources and Characters named __proto__ or constructor, so the log never records what the state does not hold', async () => {
    const id = await newCampaign();
    const pushed = await push(id, [
      { seq: 1, name: 'add-resource', args: { resource: '__proto__', amount: 3 } },
      { seq: 2, name: 'spend-resource', args: { resource: '__proto__', amount: 3 } },
      { seq: 3, name: 'add-character', args: { character: 'constructor' } },
      { seq: 4, name: 'build-fitting', args: JSON.parse('{"fitting": "Bed", "cost": {"__proto__": 1}}') },
      { seq: 5, name: 'add-resource', args: { resource: 'Water', amount: 2 } },
    ]);
    expect(pushed.rejected).toEqual([
      expect.objectContaining({ seq: 1, code: 'BAD_USER_INPUT', rule: 'reserved-key', field: 'args.resource' }),
      expect.objectContaining({ seq: 2, code: 'BAD_USER_INPUT', rule: 'reserved-key', field: 'args.resource' }),
      expect.objectContaining({ seq: 3, code: 'BAD_USER_INPUT', rule: 'reserved-key', field: 'args.character' }),
      expect.objectContaining({ seq: 4, code: 'BAD_USER_INPUT', rule: 'reserved-key', field: 'args.cost.__proto__' }),
    ]);
    expect(pushed).toMatchObject({ version: 1, lastSeq: 5 });
    // The state read back and the log agree: one change, 2 Water, nothing under a reserved name.
    const state = (await graphql(service.url, STATE, { id }, token)).data!.campaign;
    expect(state).toMatchObject({ version: 1, stateJson: { storage: { Water: 2 }, characters: {} } });
    expect(Object.keys(state.stateJson.storage)).toEqual(['Water']);
    expect((await stored(id)).changes).toBe(1);
  });

  it('refuses a setup naming a player or Character __proto__, which would become a key of the new campaign’s state', async () => {
    const before = await db.getRepository(CampaignEntity).count();
    const hope = { players: ['Ana', '__proto__'], humanityDice: 3, hopeDice: 4, scenes: [{ name: 'Scene A', terrain: 'Ruins' }] };
    const twom = {
      players: ['Ana'],
      characterDeck: [
        { name: 'constructor', border: 'red' },
        { name: 'Black A', border: 'black' },
        { name: 'Black B', border: 'black' },
      ],
      locationsDeck: ['Location A', 'Location B', 'Location C'],
    };
    const cases: [string, unknown, string][] = [
      ['hope-inhumanity', hope, 'input.setup.players[1]'],
      ['twom', twom, 'input.setup.characterDeck[0].name'],
    ];
    for (const [gameId, setup, field] of cases) {
      const response = await graphql(service.url, CREATE, { input: { gameId, name: 'Winter', groupId: 'box', setup } }, token);
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule: 'reserved-key' });
    }
    expect(await db.getRepository(CampaignEntity).count()).toBe(before);
  });

  it('names the rule a refused argument broke, never the catch-all "args"', async () => {
    const id = await newCampaign();
    const pushed = await push(id, [
      { seq: 1, name: 'add-resource', args: { resource: 'Water', amount: 0 } },
      { seq: 2, name: 'add-resource', args: { resource: 'Wa\u0000ter', amount: 1 } },
      { seq: 3, name: 'add-resource', args: { resource: 'Water\u202E', amount: 1 } },
      { seq: 4, name: 'adjust-level', args: { character: 'Emira', level: 'joy', by: 1 } },
      { seq: 5, name: 'add-resource', args: { amount: 1 } },
      { seq: 6, name: 'advance-day', args: { days: 2 } },
      { seq: 7, name: 'add-note', args: { text: 'Night one\u0007' } },
    ]);
    expect(pushed.rejected.map(({ seq, rule, field }: { seq: number; rule: string; field: string }) => ({ seq, rule, field }))).toEqual([
      { seq: 1, rule: 'range', field: 'args.amount' },
      { seq: 2, rule: 'plain-text', field: 'args.resource' },
      { seq: 3, rule: 'plain-text', field: 'args.resource' },
      { seq: 4, rule: 'one-of', field: 'args.level' },
      { seq: 5, rule: 'required', field: 'args.resource' },
      { seq: 6, rule: 'unknown-field', field: 'args.days' },
      { seq: 7, rule: 'plain-text', field: 'args.text' },
    ]);
    expect(pushed.version).toBe(0);
  });

  it('refuses a campaign seed holding a control or bidirectional character, storing nothing', async () => {
    const before = await db.getRepository(CampaignEntity).count();
    for (const seed of ['table\u0000seed', 'table\u001Bseed', '\u202Edees']) {
      const response = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Winter', groupId: 'box', seed } }, token);
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.seed', rule: 'plain-text' });
    }
    expect(await db.getRepository(CampaignEntity).count()).toBe(before);
  });

  it('tells a device that pulls from beyond the campaign’s version that it is ahead, with that version', async () => {
    const id = await newCampaign();
    for (let seq = 1; seq <= 5; seq += 1) await push(id, [{ seq, name: 'advance-day' }], 'phone-ahead-1');
    const ahead = await graphql(service.url, CHANGES, { id, since: 999 }, token);
    expect(ahead.data).toEqual({ campaignChanges: null });
    expect(ahead.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'sinceVersion', rule: 'ahead-of-campaign' });
    expect(ahead.errors![0].message).toMatch(/ahead of the campaign, which is at version 5/);
    // At the campaign's own version the page is empty, as before.
    expect((await graphql(service.url, CHANGES, { id, since: 5 }, token)).data!.campaignChanges).toEqual({ version: 5, hasMore: false, changes: [] });
    expect((await graphql(service.url, CHANGES, { id, since: 6 }, token)).errors![0].extensions!.rule).toBe('ahead-of-campaign');
  });

  it('names its own input.seq when recordScenarioOutcome’s seq is at fault, and records nothing', async () => {
    const id = await newCampaign();
    await push(id, [{ seq: 1, name: 'advance-day' }], 'tablet-outcome');
    const before = await stored(id);
    const outcome = (seq: number) => ({ campaignId: id, scenarioId: 'twom:scenario:epidemic', won: false, clientId: 'tablet-outcome', seq });
    const cases: [number, string][] = [
      [3, 'sequence-gap'],
      [0, 'seq-range'],
      [-4, 'seq-range'],
    ];
    for (const [seq, rule] of cases) {
      const response = await graphql(service.url, RECORD, { input: outcome(seq) }, token);
      expect({ seq, extensions: response.errors?.[0].extensions }).toEqual({ seq, extensions: { code: 'BAD_USER_INPUT', field: 'input.seq', rule } });
      expect(response.errors![0].message).not.toMatch(/actions\[/);
    }
    const scenario = await graphql(service.url, RECORD, { input: { ...outcome(2), scenarioId: 'twom:scenario:epi\u202Edemic' } }, token);
    expect(scenario.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.scenarioId', rule: 'plain-text' });
    expect(await stored(id)).toEqual(before);
    // The seq that follows is accepted: nothing above was counted.
    expect((await graphql(service.url, RECORD, { input: outcome(2) }, token)).data!.recordScenarioOutcome).toMatchObject({ version: 2, won: false });
  });

  it('plays the catalog’s start-scenario example into a scenario recordScenarioOutcome then records', async () => {
    const id = await newCampaign();
    const catalog = (await graphql(service.url, CATALOG, { gameId: 'twom' })).data!.campaignActions as { name: string; example: Record<string, unknown> }[];
    const start = catalog.find((action) => action.name === 'start-scenario')!;
    expect((await push(id, [{ seq: 1, name: 'start-scenario', args: start.example }], 'phone-catalog')).rejected).toEqual([]);
    const recorded = await graphql(service.url, RECORD, { input: { campaignId: id, scenarioId: start.example.scenarioId, won: false } }, token);
    expect(recorded.errors).toBeUndefined();
    expect(recorded.data!.recordScenarioOutcome).toMatchObject({ scenarioId: start.example.scenarioId, won: false, opensEnvelope: false });
    const state = (await graphql(service.url, STATE, { id }, token)).data!.campaign.stateJson;
    expect(state).toMatchObject({ scenario: null, scenariosPlayed: [start.example.scenarioId] });
  });

  it('answers a win that opens an envelope with progress its job agrees with: every campaign of the group counted, none done yet', async () => {
    // No worker runs beside this service, so the job waits where the first answer found it.
    const id = await newCampaign();
    const campaigns = await db.getRepository(CampaignEntity).countBy({ groupId: 'box', gameId: 'twom' });
    expect(campaigns).toBeGreaterThan(3);
    const win = await graphql(service.url, WIN, { input: { campaignId: id, scenarioId: 'twom:scenario:epidemic', won: true, envelope: 'twom:envelope:c' } }, token);
    expect(win.errors).toBeUndefined();
    const { unlockJob, groupEnvelope } = win.data!.recordScenarioOutcome;
    const queue = new Queue(envelopeUnlockQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
    try {
      const job = await queue.getJob(unlockJob.id);
      expect(groupEnvelope).toEqual({ state: 'OPENING', unlockJobId: unlockJob.id, progress: { campaignsDone: 0, campaignsTotal: campaigns, percent: job!.progress } });
      expect(await job!.getState()).toBe('waiting');
    } finally {
      await queue.close();
    }
  });
});
