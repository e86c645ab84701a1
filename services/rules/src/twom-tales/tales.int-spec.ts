import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { seedForRolls } from '@scriptbook/rules-engine/games/twom/test-seeds';
import { rulesApp } from '../rules.app';

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const TRANSCRIPT = 'transcript { text die value inferred reasoning }';
const TRACK = 'trackId value stoppedAtEnd lowest { value inferred reasoning } highest { value inferred reasoning }';

const COVER_ROLL = `query($input: TalesRefugeesCoverRollInput!) {
  talesRefugeesCoverRoll(input: $input) { seed rngState { s0 s1 s2 c } ${TRANSCRIPT} result { cardId card { id } roll cover afterwards coverTrack { ${TRACK} } } }
}`;

const FORFEIT = `query($input: TalesSewersThugsForfeitInput!) {
  talesSewersThugsForfeit(input: $input) { seed rngState { s0 s1 s2 c } result { rolls encounter thugs weapon threat scripts { stop defeated } } }
}`;

const WAIT = `query($input: TalesWaitAMinuteInput!) { talesWaitAMinute(input: $input) { result { roll combatAvoided backstab } } }`;

const SETUP = `query($input: TalesIncidentSetupInput!) {
  talesIncidentSetup(input: $input) {
    result { scenarioId scenario { id } eventDeck { name kind } characters { name border states { state level } } storage { name count } tracks { name start } }
  }
}`;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String) { replay(procedureId: $procedureId, input: $input, seed: $seed) { seed resultJson } }`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const CHARACTERS = [
  { name: 'Emira', empathy: 5, misery: 1 },
  { name: 'Anton', empathy: 3, misery: 2 },
];

describe('Tales from the Ruined City through the rules subgraph', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('"lower the Cover by 5" stops at the lowest space, served as an inferred end with its reasoning', async () => {
    const seed = seedForRolls([9]);
    const response = await graphql(service.url, COVER_ROLL, { input: { card: 'WE_KNOW_THEY_ARE_HERE_VISITORS', cover: 3, seed } });
    expect(response.errors).toBeUndefined();
    const { result, transcript } = response.data!.talesRefugeesCoverRoll;
    expect(result).toMatchObject({ roll: 9, cover: 0, afterwards: 'Afterwards, shuffle this card back into the Visitors deck.' });
    expect(result.card).toEqual({ id: 'twom:card:refugees:we-know-they-are-here-visitors' });
    expect(result.coverTrack).toMatchObject({ trackId: 'twom:track:refugees:cover', value: 0, stoppedAtEnd: true, highest: null });
    expect(result.coverTrack.lowest).toMatchObject({ value: 0, inferred: true });
    const stopped = transcript.find((step: { text: string }) => step.text.startsWith('9 is higher'));
    expect(stopped).toMatchObject({ inferred: true, reasoning: expect.stringContaining('Cover track') });
  });

  it('uses track ends given from the Scenario sheet as printed', async () => {
    const input = { card: 'REFUGEES_NIGHT_RAIDS', cover: 1, coverTrack: { min: -3 }, seed: seedForRolls([9]) };
    const response = await graphql(service.url, COVER_ROLL, { input });
    expect(response.data!.talesRefugeesCoverRoll.result).toMatchObject({ cover: -2, coverTrack: { stoppedAtEnd: false, lowest: { value: -3, inferred: false, reasoning: null } } });
  });

  it('continues a stream: the second forfeit from the first one\'s rngState equals replaying both on one seed', async () => {
    const first = await graphql(service.url, FORFEIT, { input: { threat: 3, seed: 'sewers' } });
    const second = await graphql(service.url, FORFEIT, { input: { threat: 3, rngState: first.data!.talesSewersThugsForfeit.rngState } });
    expect(second.errors).toBeUndefined();
    expect(second.data!.talesSewersThugsForfeit.seed).toBeNull();
    const sixRolls = await graphql(service.url, `{ rollDice(input: { die: BLACK_D10, count: 6, seed: "sewers" }) { result { values } } }`);
    expect([...first.data!.talesSewersThugsForfeit.result.rolls, ...second.data!.talesSewersThugsForfeit.result.rolls]).toEqual(
      sixRolls.data!.rollDice.result.values,
    );
  });

  it('names the Scenario an Incident sets up as the content Scenario, and serves records as lists', async () => {
    const input = {
      scenario: 'REFUGEES',
      characterDeck: [
        { name: 'Anton', border: 'RED' },
        { name: 'Katia', border: 'BLACK' },
        { name: 'Marko', border: 'BLACK' },
      ],
      events: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'],
      endingEvents: ['CEASEFIRE', 'B', 'C'],
      seed: 'refugees',
    };
    const response = await graphql(service.url, SETUP, { input });
    expect(response.errors).toBeUndefined();
    const result = response.data!.talesIncidentSetup.result;
    expect(result.scenarioId).toBe('twom:scenario:refugees');
    expect(result.scenario).toEqual({ id: 'twom:scenario:refugees' });
    expect(result.eventDeck.at(-1)).toEqual({ name: 'CEASEFIRE', kind: 'FINAL_EVENT' });
    expect(result.characters.map((c: { border: string }) => c.border)).toEqual(['RED', 'BLACK']);
    expect(result.tracks).toEqual(expect.arrayContaining([{ name: 'Cover', start: '4' }]));
    expect(result.storage).toContainEqual({ name: 'Water', count: 2 });
  });

  it('refuses a name used twice, naming the duplicate entry, and persists nothing', async () => {
    const input = { characters: [...CHARACTERS, { name: 'Anton', empathy: 1, misery: 0 }], chosen: 'Anton', seed: 's' };
    const response = await graphql(service.url, WAIT, { input });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.characters[2].name', rule: 'duplicate' });
    expect(response.data).toEqual({ talesWaitAMinute: null });
  });

  it('refuses a chosen Character who is not among the Characters, a Cover off its track, and a card that makes no Cover roll', async () => {
    const chosen = await graphql(service.url, WAIT, { input: { characters: CHARACTERS, chosen: 'Katia', seed: 's' } });
    expect(errorOf(chosen)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.chosen', rule: 'unknown-character' });
    const cover = await graphql(service.url, COVER_ROLL, { input: { card: 'REFUGEES_NIGHT_RAIDS', cover: -1, seed: 's' } });
    expect(errorOf(cover)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.cover', rule: 'range' });
    // The Visitors-deck copy printed with no Cover roll is refused, here through replay, which takes the engine spelling.
    const noRoll = await graphql(service.url, REPLAY, {
      procedureId: 'twom-tales.refugees-cover-roll',
      input: JSON.stringify({ card: 'we-are-looking-for-someone-visitors-1', cover: 3 }),
      seed: 's',
    });
    expect(errorOf(noRoll)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.card', rule: 'one-of' });
  });

  it('replays a Tales procedure from its id with the engine spelling and gets the typed query\'s result', async () => {
    const typed = await graphql(service.url, WAIT, { input: { characters: CHARACTERS, chosen: 'Anton', seed: 'w' } });
    const replayed = await graphql(service.url, REPLAY, {
      procedureId: 'twom-tales.wait-a-minute',
      input: JSON.stringify({ characters: CHARACTERS, chosen: 'Anton' }),
      seed: 'w',
    });
    expect(replayed.errors).toBeUndefined();
    expect(JSON.parse(replayed.data!.replay.resultJson)).toEqual(typed.data!.talesWaitAMinute.result);
  });

  it('lists all 19 Tales procedures in the catalog under their query fields', async () => {
    const response = await graphql(service.url, '{ procedures(gameId: "twom-tales", first: 50) { edges { node { id field draws inputSchema } } } }');
    const nodes = response.data!.procedures.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(nodes).toHaveLength(19);
    expect(nodes.find((n: { id: string }) => n.id === 'twom-tales.emira-spirit')).toMatchObject({ field: 'talesEmiraSpirit', draws: false });
    const cat = JSON.parse(nodes.find((n: { id: string }) => n.id === 'twom-tales.cat').inputSchema);
    expect(cat.properties.rawFood).toMatchObject({ type: 'integer', minimum: 0 });
  });
});
