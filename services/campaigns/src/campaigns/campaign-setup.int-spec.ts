import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { WORKED_EXAMPLES } from '@scriptbook/rules-engine';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from './campaign.entity';

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

const incident = WORKED_EXAMPLES['twom-tales.incident-setup'] as { events: string[] };
const bloodInTheSnow = { ...incident, scenario: 'blood-in-the-snow', events: [...incident.events, 'HARSH WINTER'] };
const zoneSetup = WORKED_EXAMPLES['stalker-zs.setup'] as { scenarioId: string; stalkerCount: number };

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
