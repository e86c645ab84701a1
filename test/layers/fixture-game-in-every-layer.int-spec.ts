import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '@scriptbook/games';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsService } from '../../services/campaigns/src/campaigns-service';
import { releaseWithFixture } from '../fixtures/fixture-game/fixture-catalog';
import { fixtureGame } from '../fixtures/fixture-game/fixture-game';
import { releaseNamesIn } from '../fixtures/fixture-game/release-names';
import { Ask, askOf, itServesEachGameInEveryLayer } from './game-layers';
import { LayersBehindGateway, startLayersBehindGateway } from './layers-behind-gateway';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
  id version seed setupTranscript { text } game { id name gadgets { id weight } }
  fixtureState { crew { key value } supplies mood }
} }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;
const STATE = `query($id: ID!) { campaign(id: $id) { version gameId fixtureState { supplies mood } stateJson } }`;
const WEIGH = `query($input: FixtureWeighingInput!) { fixtureWeigh(input: $input) {
  seed result { gadgetId gadget { id ... on FixtureGadget { name weight } } effort { value inferred } }
} }`;
const SUBMIT = `mutation($input: SubmitTallyResultInput!) { submitTallyResult(input: $input) { result { table rolls score victory } } }`;

/** Four subgraphs, three of them processes compiling from source, and the gateway: minutes on a loaded two-core machine. */
const STARTUP_MS = 240_000;

/**
 * The fixture game (`test/fixtures/fixture-game`), made up and in no
 * release, added to a catalog of the release's games: each subgraph's own
 * generic host given that catalog, composed behind the gateway, serves it
 * in every layer with no change outside the fixture (its kinds, its
 * procedures under its game id, a campaign started from its typed setup
 * and moved by an action, its scoring part), and still serves every game of
 * the release as before.
 */
describe('a game defined only in a test fixture, in every layer behind the gateway', () => {
  const isolation = new TestIsolation();
  const release = releaseWithFixture();
  let layers: LayersBehindGateway;
  let ask: Ask;

  beforeAll(async () => {
    const layer = (name: string) => ({ entrypoint: 'test/layers/fixture-layer.main.ts', env: { FIXTURE_LAYER: name, FIXTURE_PACKS_DIR: release.packsDir } });
    layers = await startLayersBehindGateway(isolation, {
      content: layer('content'),
      rules: layer('rules'),
      scoring: layer('scoring'),
      campaigns: campaignsService('campaigns', { catalog: release.catalog, packsDir: release.packsDir }),
    });
    ask = askOf(layers.url, layers.token);
  }, STARTUP_MS);

  afterAll(async () => {
    await layers?.stop();
    await isolation.cleanUp();
    release.remove();
  });

  it('is a test fixture, never served: in no release list, and nowhere in the checked-in schema', () => {
    expect(GAMES.map((game) => game.id)).not.toContain(fixtureGame.id);
    expect(release.catalog.games.map((game) => game.id)).toEqual([...GAMES.map((game) => game.id), fixtureGame.id]);
    const checkedIn = readFileSync(join(__dirname, '..', '..', 'graphql', 'schema.graphql'), 'utf8');
    expect(checkedIn).not.toMatch(/\bfixture|Fixture[A-Z]/);
    expect(releaseNamesIn(checkedIn).length).toBeGreaterThan(0);
  });

  itServesEachGameInEveryLayer(release.catalog.games, () => ({ url: layers.url, token: layers.token, ask }));

  it('resolves its procedure with its content bound, the result’s gadget completed by the content subgraph', async () => {
    const { fixtureWeigh } = await ask(WEIGH, { input: { gadgetId: 'fixture:gadget:widget', mood: 'CALM', crew: [{ name: 'Ada', grit: 1 }], seed: 'layers' } });
    expect(fixtureWeigh).toEqual({
      seed: 'layers',
      result: { gadgetId: 'fixture:gadget:widget', gadget: { id: 'fixture:gadget:widget', name: 'Widget', weight: 5 }, effort: { value: 5, inferred: true } },
    });
  });

  it('starts a campaign from its typed setup, applies a pushed action and serves the state, its game resolved by content', async () => {
    const setup = { crew: ['Ada', 'Bo'], supplies: 3, mood: 'ALL_BUSY' };
    const { createCampaign: campaign } = await ask(CREATE, { input: { gameId: fixtureGame.id, name: 'Across the layers', fixtureSetup: setup, seed: 'layers' } });
    expect(campaign).toMatchObject({ version: 0, seed: 'layers', fixtureState: { supplies: 3, mood: 'all-busy' } });
    expect(campaign.fixtureState.crew.map((entry: { key: string }) => entry.key).sort()).toEqual(['Ada', 'Bo']);
    expect(campaign.setupTranscript[0].text).toMatch(/^Crew order: /);
    expect(campaign.game).toEqual({
      id: fixtureGame.id,
      name: 'Fixture game',
      gadgets: [
        { id: 'fixture:gadget:gizmo', weight: 3 },
        { id: 'fixture:gadget:widget', weight: 5 },
      ],
    });

    const push = { campaignId: campaign.id, clientId: 'layers-tablet', actions: [{ seq: 1, name: 'add-supplies', args: { by: 2 } }] };
    expect((await ask(PUSH, { input: push })).pushCampaignActions).toEqual({ version: 1, lastSeq: 1, rejected: [] });
    const { campaign: read } = await ask(STATE, { id: campaign.id });
    expect(read).toMatchObject({ version: 1, gameId: fixtureGame.id, fixtureState: { supplies: 5, mood: 'all-busy' } });
    expect(read.stateJson).toMatchObject({ supplies: 5, crew: { Ada: 1, Bo: 1 } });
  });

  it('refuses a setup the schema does not allow, with the field and the rule, and stores nothing', async () => {
    const bad = await graphql(layers.url, CREATE, { input: { gameId: fixtureGame.id, name: 'Too many', fixtureSetup: { crew: ['Ada'], supplies: 11, mood: 'CALM' } } }, layers.token);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.fixtureSetup.supplies', rule: 'range' });
    expect(bad.data?.createCampaign ?? null).toBeNull();
    const { myCampaigns } = await ask('{ myCampaigns(first: 100) { edges { node { name } } } }');
    expect(myCampaigns.edges.map((edge: { node: { name: string } }) => edge.node.name)).not.toContain('Too many');
  });

  it('scores a finished play by its scoring part', async () => {
    const { submitTallyResult } = await ask(SUBMIT, { input: { clientSubmissionId: 'layers-1', table: 'north', rolls: [6, 6] } });
    expect(submitTallyResult.result).toEqual({ table: 'north', rolls: 2, score: 12, victory: true });
  });
});
