import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { FIXTURE_CATALOG, FIXTURE_PACKS_DIR } from '../../../../test/fixtures/fixture-game/fixture-catalog';
import { FIXTURE_SEAL_RULE } from '../../../../test/fixtures/fixture-game/fixture-game.campaign';
import { releaseNamesIn } from '../../../../test/fixtures/fixture-game/release-names';
import { campaignsService, campaignsWorker } from '../../src/campaigns-service';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
  id groupId version seed setupTranscript { text }
  fixtureState { crew { key value } supplies mood scenariosWon sealsOpened { envelopeId byScenarioId } }
} }`;
const STATE = `query($id: ID!) { campaign(id: $id) { version fixtureState { supplies sealsOpened { envelopeId openedAt byScenarioId } } } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq code rule field } } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version name } }`;
const HISTORY = `query($id: ID!) { campaignHistory(campaignId: $id, first: 10) { edges { node { version name delta { op path } } } } }`;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) {
  recordScenarioOutcome(input: $input) { envelopeId envelopeNamedBy opensEnvelope groupEnvelope { envelopeId letter state } unlockJob { id } }
}`;
const ENVELOPES = `query($groupId: ID!) { groupEnvelopes(groupId: $groupId) { envelopeId letter name state } }`;

/**
 * The campaigns subgraph and its worker hosting a catalog that holds only
 * the fixture game (`test/fixtures/fixture-game`): everything they serve of it (the typed setup,
 * the state, the actions and undo, the legacy opening and what it refuses
 * to take back) comes from the game's descriptor, with no line of the
 * service naming it.
 */
describe('a game described only in a fixture, served by the campaigns subgraph and worker', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const host = { catalog: FIXTURE_CATALOG, packsDir: FIXTURE_PACKS_DIR };
  let api: RunningService;
  let worker: RunningService;
  let ana: string;

  const call = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await graphql(api.url, query, variables, ana);
    expect(response.errors).toBeUndefined();
    return response.data!;
  };
  const create = (input: Record<string, unknown>) => call(CREATE, { input: { gameId: 'fixture', name: 'Fixture run', ...input } });

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    api = await startService(campaignsService('campaigns', host), isolation.postgresEnv('campaigns'));
    worker = await startService(campaignsWorker('campaigns-worker', host), isolation.postgresEnv('campaigns'));
    ana = api.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('derives the schema from the catalog: the fixture’s setup field and state field, and none of the release’s games', async () => {
    const input = (await call('{ __type(name: "CreateCampaignInput") { inputFields(includeDeprecated: true) { name description type { name } } } }')).__type.inputFields as {
      name: string;
      description: string;
      type: { name: string | null };
    }[];
    expect(input.map((field) => field.name).sort()).toEqual(['fixtureSetup', 'gameId', 'groupId', 'name', 'seed', 'setup', 'setupProcedure']);
    expect(input.find((field) => field.name === 'fixtureSetup')!.type.name).toBe('CampaignFixtureSetupInput');
    expect(input.find((field) => field.name === 'gameId')!.description).toContain('(`fixture`)');
    const campaign = (await call('{ __type(name: "Campaign") { fields { name } } }')).__type.fields.map((field: { name: string }) => field.name);
    expect(campaign).toContain('fixtureState');
    expect(campaign.filter((name: string) => name.endsWith('State'))).toEqual(['fixtureState']);
    const moods = (await call('{ __type(name: "FixtureMood") { enumValues { name } } }')).__type.enumValues.map((value: { name: string }) => value.name);
    expect(moods).toEqual(['CALM', 'ALL_BUSY']);
  });

  it('names no game of the release anywhere in its schema, descriptions included', async () => {
    const sdl = (await call('{ _service { sdl } }'))._service.sdl as string;
    expect(sdl).toContain('fixtureState');
    expect(releaseNamesIn(sdl)).toEqual([]);
  });

  it('starts a campaign from the typed setup in GraphQL’s spellings, pushes its actions and undoes one', async () => {
    const setup = { crew: ['Ada', 'Bo', 'Cy'], supplies: 3, mood: 'ALL_BUSY' };
    const { createCampaign: campaign } = await create({ fixtureSetup: setup, seed: 'fixture-seed' });
    expect(campaign.seed).toBe('fixture-seed');
    expect(campaign.setupTranscript[0].text).toMatch(/^Crew order: /);
    expect(campaign.fixtureState).toMatchObject({ supplies: 3, mood: 'all-busy', scenariosWon: [], sealsOpened: [] });
    expect(campaign.fixtureState.crew.map((entry: { key: string }) => entry.key).sort()).toEqual(['Ada', 'Bo', 'Cy']);
    // The deprecated path takes the engine's own spelling and gives the same campaign from the same seed.
    const { createCampaign: untyped } = await create({ setup: { ...setup, mood: 'all-busy' }, seed: 'fixture-seed' });
    expect(untyped.fixtureState).toEqual(campaign.fixtureState);

    const names = (await call('query { campaignActions(gameId: "fixture") { name } }')).campaignActions.map((action: { name: string }) => action.name);
    expect(names).toEqual(['add-supplies', 'record-outcome']);
    const push = (seq: number, by: number) => call(PUSH, { input: { campaignId: campaign.id, clientId: 'fixture-tablet', actions: [{ seq, name: 'add-supplies', args: { by } }] } });
    expect((await push(1, -3)).pushCampaignActions).toEqual({ version: 1, lastSeq: 1, rejected: [] });
    expect((await push(2, -1)).pushCampaignActions).toEqual({ version: 1, lastSeq: 2, rejected: [{ seq: 2, code: 'CONFLICT', rule: 'state-rule', field: 'state.supplies' }] });
    expect((await call(UNDO, { id: campaign.id, v: 1 })).undoCampaignAction).toEqual({ version: 2, name: 'undo' });
    expect((await call(STATE, { id: campaign.id })).campaign.fixtureState.supplies).toBe(3);
  });

  it('breaks a seal for every campaign of the group, in the state field the game names, and never takes it back', async () => {
    const first = (await create({})).createCampaign;
    const second = (await create({})).createCampaign;
    const recorded = (await call(RECORD, { input: { campaignId: first.id, scenarioId: 'fixture:scenario:crossing', won: true } })).recordScenarioOutcome;
    expect(recorded).toMatchObject({ envelopeId: 'fixture:seal:b', envelopeNamedBy: 'PACK', opensEnvelope: true, groupEnvelope: { envelopeId: 'fixture:seal:b', letter: 'B' } });
    for (let i = 0; i < 300; i++) {
      const seals = (await call(ENVELOPES, { groupId: first.groupId })).groupEnvelopes as { envelopeId: string; state: string }[];
      if (seals.find((seal) => seal.envelopeId === 'fixture:seal:b')?.state === 'OPENED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Every seal of the game, ordered by the letter the game names as theirs.
    expect((await call(ENVELOPES, { groupId: first.groupId })).groupEnvelopes).toEqual([
      { envelopeId: 'fixture:seal:a', letter: 'A', name: 'Seal A', state: 'CLOSED' },
      { envelopeId: 'fixture:seal:b', letter: 'B', name: 'Seal B', state: 'OPENED' },
    ]);
    const { campaign } = await call(STATE, { id: second.id });
    expect(campaign.version).toBe(1);
    expect(campaign.fixtureState.sealsOpened).toEqual([{ envelopeId: 'fixture:seal:b', openedAt: expect.any(String), byScenarioId: 'fixture:scenario:crossing' }]);
    const history = (await call(HISTORY, { id: second.id })).campaignHistory.edges.map((edge: { node: unknown }) => edge.node);
    expect(history).toEqual([{ version: 1, name: 'break-seal', delta: [{ op: 'set', path: ['sealsOpened'] }] }]);

    const undo = await graphql(api.url, UNDO, { id: second.id, v: 1 }, ana);
    expect(undo.errors?.[0].extensions).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: FIXTURE_SEAL_RULE });
    expect(undo.errors?.[0].message).toBe('Version 1 cannot be undone: a broken seal stays broken for the whole group');
    // A campaign the group starts afterwards holds the seal from the start.
    expect((await create({})).createCampaign.fixtureState.sealsOpened).toEqual([{ envelopeId: 'fixture:seal:b', byScenarioId: 'fixture:scenario:crossing' }]);

    const unknown = await graphql(api.url, RECORD, { input: { campaignId: first.id, scenarioId: 'fixture:scenario:harbour', won: true, envelope: 'fixture:seal:z' } }, ana);
    expect(unknown.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.envelope', rule: 'known-envelope' });
    expect(unknown.errors?.[0].message).toContain('fixture:seal:b, fixture:seal:a');
  });
});
