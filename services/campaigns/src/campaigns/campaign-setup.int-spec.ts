import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { WORKED_EXAMPLES } from '@scriptbook/games';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
  id seed setupTranscript { text }
  twomState {
    storage { key value } characters { key value { levels { misery } } }
    eventDeck { cards { name kind } rngState { s0 c } }
    scenario { id tracks { key value } markers { key value } deck { name cards } setupNotes }
  }
  zoneSurvivalState { scenarioId mapId stalkers stalkerCount setupCards eventDeck { size cards } rngState { s0 } setupChecks setupGaps { field note } }
} }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;
const STATE = `query($id: ID!) { campaign(id: $id) { version zoneSurvivalState { scenarioId mapId stalkers setupCards round } } }`;

const incident = WORKED_EXAMPLES['twom-tales.incident-setup'] as { events: string[]; characterDeck: { name: string; border: string }[] };
const bloodInTheSnow = { ...incident, scenario: 'blood-in-the-snow', events: [...incident.events, 'HARSH WINTER'] };
const zoneSetup = WORKED_EXAMPLES['stalker-zs.setup'] as { scenarioId: string; stalkerCount: number };
const coreSetup = WORKED_EXAMPLES['twom.setup'] as { characterDeck: { name: string; border: string }[] };
const hopeSetup = WORKED_EXAMPLES['hope-inhumanity.setup'];

/** The same setups in GraphQL's spellings, as the rules queries and the typed fields take them: enum values as GraphQL names. */
const graphqlDeck = (deck: { name: string; border: string }[]) => deck.map(({ name, border }) => ({ name, border: border.toUpperCase() }));
const TYPED: readonly { field: string; gameId: string; procedure: string; typed: unknown; json: unknown }[] = [
  { field: 'twomSetup', gameId: 'twom', procedure: 'twom.setup', typed: { ...coreSetup, characterDeck: graphqlDeck(coreSetup.characterDeck) }, json: coreSetup },
  {
    field: 'talesIncidentSetup',
    gameId: 'twom',
    procedure: 'twom-tales.incident-setup',
    typed: { ...bloodInTheSnow, scenario: 'BLOOD_IN_THE_SNOW', characterDeck: graphqlDeck(incident.characterDeck) },
    json: bloodInTheSnow,
  },
  { field: 'zoneSurvivalSetup', gameId: 'stalker-zs', procedure: 'stalker-zs.setup', typed: zoneSetup, json: zoneSetup },
  { field: 'hopeSetup', gameId: 'hope-inhumanity', procedure: 'hope-inhumanity.setup', typed: hopeSetup, json: hopeSetup },
];
const STATE_JSON = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id seed stateJson setupTranscript { text detail } } }`;

describe('a campaign started from the rules engine’s setup, on Postgres', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let ana: string;
  let stored: () => Promise<number>;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    ana = service.app.get(TokenService).issue('player-ana').accessToken;
    stored = () => service.app.get(DataSource).getRepository(CampaignEntity).count();
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  const create = (input: Record<string, unknown>) => graphql(service.url, CREATE, { input: { name: 'Winter', ...input } }, ana);

  it('runs a Tales Incident setup: Characters, Storage, the Events deck and the tracks, with seed and transcript kept', async () => {
    const input = { gameId: 'twom', setupProcedure: 'twom-tales.incident-setup', setup: bloodInTheSnow, seed: 'incident-table' };
    const one = await create(input);
    expect(one.errors).toBeUndefined();
    const campaign = one.data!.createCampaign;
    expect(campaign.seed).toBe('incident-table');
    expect(campaign.setupTranscript[0].text).toBe('Scenario: Blood in the Snow');
    expect(campaign.twomState.characters.map((c: { value: { levels: { misery: number } } }) => c.value.levels.misery)).toEqual([2, 2, 2]);
    expect(campaign.twomState.storage).toEqual(
      [['Water', 2], ['Wood', 10], ['Components', 10], ['Knife', 1], ['Zip-Tie', 1]].map(([key, value]) => ({ key, value })),
    );
    expect(campaign.twomState.eventDeck.cards).toHaveLength(6);
    expect(campaign.twomState.scenario).toMatchObject({
      id: 'twom:scenario:blood-in-the-snow',
      tracks: expect.arrayContaining([{ key: 'Cold', value: 4 }, { key: 'Blizzard', value: 3 }]),
      markers: [{ key: 'Wounded Luka', value: 'Heavily Wounded' }],
      deck: null,
    });
    // The same seed gives the same campaign, on any device and any replica.
    const two = await create(input);
    expect({ ...two.data!.createCampaign, id: 'x' }).toEqual({ ...campaign, id: 'x' });
  });

  it('runs the Zone Survival setup, and start-scenario then names the Map and Stalkers', async () => {
    const response = await create({ gameId: 'stalker-zs', setup: zoneSetup, seed: 'zone-table' });
    expect(response.errors).toBeUndefined();
    const campaign = response.data!.createCampaign;
    expect(campaign.setupTranscript.length).toBeGreaterThan(0);
    expect(campaign.zoneSurvivalState).toMatchObject({
      scenarioId: zoneSetup.scenarioId,
      mapId: null,
      stalkers: [],
      stalkerCount: zoneSetup.stalkerCount,
      rngState: { s0: expect.any(Number) },
    });
    expect(campaign.zoneSurvivalState.setupCards).toHaveLength(4);
    const stalkers = Array.from({ length: zoneSetup.stalkerCount }, (_, i) => `Stalker ${i + 1}`);
    const start = { seq: 1, name: 'start-scenario', args: { scenarioId: zoneSetup.scenarioId, mapId: 'stalker-zs:map:1', stalkers } };
    const pushed = await graphql(service.url, PUSH, { input: { campaignId: campaign.id, clientId: 'table-tablet-1', actions: [start, { seq: 2, name: 'advance-round', args: {} }] } }, ana);
    expect(pushed.errors).toBeUndefined();
    expect(pushed.data!.pushCampaignActions).toEqual({ version: 2, rejected: [] });
    const after = await graphql(service.url, STATE, { id: campaign.id }, ana);
    expect(after.data!.campaign.zoneSurvivalState).toEqual({
      scenarioId: zoneSetup.scenarioId,
      mapId: 'stalker-zs:map:1',
      stalkers,
      setupCards: campaign.zoneSurvivalState.setupCards,
      round: 1,
    });
  });

  it('refuses bad setup input with the procedure’s field and rule, and stores nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gameId: 'stalker-zs', setup: { ...zoneSetup, stalkerCount: 9 } }, 'input.setup.stalkerCount', 'range'],
      [{ gameId: 'stalker-zs', setup: { ...zoneSetup, scenarioId: 'stalker-zs:scenario:none' } }, 'input.setup.scenarioId', 'unknown'],
      [{ gameId: 'stalker-zs', setup: 'recon' }, 'input.setup', 'type'],
      [{ gameId: 'twom', setupProcedure: 'twom-tales.incident-setup', setup: { ...bloodInTheSnow, scenario: 'winter' } }, 'input.setup.scenario', 'one-of'],
      [{ gameId: 'twom', setupProcedure: 'twom-tales.incident-setup', setup: { ...bloodInTheSnow, endingEvents: ['CEASEFIRE'] } }, 'input.setup.endingEvents', 'count'],
      [{ gameId: 'twom', setupProcedure: 'stalker-zs.setup', setup: zoneSetup }, 'input.setupProcedure', 'one-of'],
      [{ gameId: 'twom', setupProcedure: 'twom-tales.incident-setup' }, 'input.setup', 'required'],
    ];
    for (const [input, field, rule] of cases) {
      const response = await create(input);
      expect([field, response.errors?.[0].extensions]).toEqual([field, { code: 'BAD_USER_INPUT', field, rule }]);
    }
    expect(await stored()).toBe(before);
  });
});

describe('a campaign started from a typed setup field, on Postgres', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let ana: string;
  let stored: () => Promise<number>;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    ana = service.app.get(TokenService).issue('player-ana').accessToken;
    stored = () => service.app.get(DataSource).getRepository(CampaignEntity).count();
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  const create = (input: Record<string, unknown>) => graphql(service.url, STATE_JSON, { input: { name: 'Typed', ...input } }, ana);

  it.each(TYPED.map((setup) => [setup.field, setup] as const))('runs %s: the same campaign as the untyped setup with the same seed', async (_field, setup) => {
    const typed = await create({ gameId: setup.gameId, [setup.field]: setup.typed, seed: `typed-${setup.field}` });
    expect(typed.errors).toBeUndefined();
    const untyped = await create({ gameId: setup.gameId, setupProcedure: setup.procedure, setup: setup.json, seed: `typed-${setup.field}` });
    expect(untyped.errors).toBeUndefined();
    const [a, b] = [typed.data!.createCampaign, untyped.data!.createCampaign];
    expect(a.seed).toBe(`typed-${setup.field}`);
    expect(a.setupTranscript.length).toBeGreaterThan(0);
    expect({ state: a.stateJson, transcript: a.setupTranscript }).toEqual({ state: b.stateJson, transcript: b.setupTranscript });
  });

  it('takes the typed field in GraphQL’s spellings only: the engine’s spelling of an enum is refused by the schema', async () => {
    const response = await create({ gameId: 'twom', talesIncidentSetup: { ...bloodInTheSnow, characterDeck: graphqlDeck(incident.characterDeck) } });
    expect(response.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.talesIncidentSetup.scenario', rule: 'type' });
  });

  it('refuses two setups, a setup of another game and bad typed input, naming the field and rule, and stores nothing', async () => {
    const before = await stored();
    const zone = TYPED.find((setup) => setup.field === 'zoneSurvivalSetup')!.typed as Record<string, unknown>;
    const core = TYPED.find((setup) => setup.field === 'twomSetup')!.typed;
    const tales = TYPED.find((setup) => setup.field === 'talesIncidentSetup')!.typed;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gameId: 'twom', twomSetup: core, talesIncidentSetup: tales }, 'input.talesIncidentSetup', 'one-of'],
      [{ gameId: 'twom', twomSetup: core, setup: coreSetup }, 'input.setup', 'one-of'],
      [{ gameId: 'twom', twomSetup: core, setupProcedure: 'twom.setup' }, 'input.setupProcedure', 'one-of'],
      [{ gameId: 'twom', zoneSurvivalSetup: zone }, 'input.zoneSurvivalSetup', 'setup-game'],
      [{ gameId: 'hope-inhumanity', twomSetup: core }, 'input.twomSetup', 'setup-game'],
      [{ gameId: 'stalker-zs', zoneSurvivalSetup: { ...zone, stalkerCount: 9 } }, 'input.zoneSurvivalSetup.stalkerCount', 'range'],
      [{ gameId: 'stalker-zs', zoneSurvivalSetup: { ...zone, scenarioId: 'stalker-zs:scenario:none' } }, 'input.zoneSurvivalSetup.scenarioId', 'unknown'],
      [{ gameId: 'twom', talesIncidentSetup: { ...(tales as object), endingEvents: ['CEASEFIRE'] } }, 'input.talesIncidentSetup.endingEvents', 'count'],
    ];
    for (const [input, field, rule] of cases) {
      const response = await create(input);
      expect([field, response.errors?.[0].extensions]).toEqual([field, { code: 'BAD_USER_INPUT', field, rule }]);
    }
    const both = await create({ gameId: 'twom', twomSetup: core, talesIncidentSetup: tales });
    expect(both.errors![0].message).toBe('Give at most one setup: `twomSetup` and `talesIncidentSetup` were given');
    expect(await stored()).toBe(before);
  });

  it('publishes setup and setupProcedure as deprecated, naming the typed fields and the dates', async () => {
    const response = await graphql(
      service.url,
      '{ __type(name: "CreateCampaignInput") { inputFields(includeDeprecated: true) { name isDeprecated deprecationReason type { name } } } }',
    );
    const fields = response.data!.__type.inputFields as { name: string; isDeprecated: boolean; deprecationReason: string | null; type: { name: string | null } }[];
    const reason = 'Use `twomSetup, talesIncidentSetup, hopeSetup, zoneSurvivalSetup` instead. Deprecated 2026-12-01, removed after 2027-06-01.';
    expect(fields.filter((field) => field.isDeprecated).map(({ name, deprecationReason }) => ({ name, deprecationReason }))).toEqual([
      { name: 'setup', deprecationReason: reason },
      { name: 'setupProcedure', deprecationReason: reason },
    ]);
    expect(Object.fromEntries(TYPED.map(({ field }) => [field, fields.find((f) => f.name === field)?.type.name]))).toEqual({
      twomSetup: 'CampaignTwomSetupInput',
      talesIncidentSetup: 'CampaignTalesIncidentSetupInput',
      zoneSurvivalSetup: 'CampaignZoneSurvivalSetupInput',
      hopeSetup: 'CampaignHopeSetupInput',
    });
  });
});
