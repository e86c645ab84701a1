import { GraphQLSchemaHost } from '@nestjs/graphql';
import { getNamedType, GraphQLEnumType, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { expectTypedAnswers, hostileRepresentations } from '@scriptbook/platform/validation/testing/hostile-representations';
import { undescribedElements } from '../../../../scripts/schema/undescribed';
import { FIXTURE_CATALOG, FIXTURE_PACKS_DIR } from '../../../../test/fixtures/fixture-game/fixture-catalog';
import { binding } from '../../../../test/fixtures/fixture-game/fixture-game.rules';
import { releaseNamesIn } from '../../../../test/fixtures/fixture-game/release-names';
import { rulesService } from '../../src/rules-service';

/**
 * The fixture game (`test/fixtures/fixture-game`), hosted alone, is served by the rules subgraph: a
 * query per procedure, the catalog under its game and modules, its die in
 * the dice roller, the content entity its results point at, its content
 * bound once, with nothing outside the fixture told of it.
 */
const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const WEIGH = `query($input: FixtureWeighingInput!) {
  fixtureWeigh(input: $input) {
    seed transcript { text die value inferred reasoning }
    result { gadgetId gadget { id } mood lifted { key value } effort { value inferred reasoning } steady { value inferred reasoning } }
  }
}`;

const CATALOG = `query($gameId: ID, $moduleId: ID) {
  procedures(gameId: $gameId, moduleId: $moduleId, first: 100) { edges { node { id gameId moduleId field draws } } }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const CREW = [
  { name: 'Ada', grit: 1 },
  { name: 'Bo', grit: 2 },
];

describe('a game described only in a fixture, through the rules subgraph', () => {
  let service: RunningService;
  let schema: GraphQLSchema;
  const weigh = (input: object) => graphql(service.url, WEIGH, { input });

  beforeAll(async () => {
    service = await startService(rulesService('rules', { catalog: FIXTURE_CATALOG, packsDir: FIXTURE_PACKS_DIR }), { ...ENV });
    schema = service.app.get(GraphQLSchemaHost).schema;
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('serves a query for each procedure of its catalog and for the dice roller, and none of any other game', () => {
    const own = Object.keys(schema.getQueryType()!.getFields()).filter((name) => !name.startsWith('_'));
    expect(own.sort()).toEqual(['fixtureRest', 'fixtureSetup', 'fixtureWeigh', 'procedures', 'replay', 'rollDice']);
  });

  it('lists the procedures under the content’s game and module ids, a module narrowing the list', async () => {
    const all = (await graphql(service.url, CATALOG, { gameId: 'fixture' })).data!.procedures.edges.map((e: { node: unknown }) => e.node);
    expect(all).toEqual([
      { id: 'fixture.weigh', gameId: 'fixture', moduleId: 'fixture:module:base', field: 'fixtureWeigh', draws: true },
      { id: 'fixture.rest', gameId: 'fixture', moduleId: 'fixture:module:extra', field: 'fixtureRest', draws: false },
      { id: 'fixture.setup', gameId: 'fixture', moduleId: 'fixture:module:base', field: 'fixtureSetup', draws: true },
    ]);
    const extra = await graphql(service.url, CATALOG, { gameId: 'fixture', moduleId: 'fixture:module:extra' });
    expect(extra.data!.procedures.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(['fixture.rest']);
    const shared = await graphql(service.url, CATALOG, { gameId: 'dice' });
    expect(shared.data!.procedures.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { id: 'dice.roll', gameId: 'dice', moduleId: null, field: 'rollDice', draws: true },
    ]);
    const elsewhere = await graphql(service.url, CATALOG, { gameId: 'fixture', moduleId: 'other:module:base' });
    expect(elsewhere.data!.procedures.edges).toEqual([]);
  });

  it('offers the game’s own die, and only it, to the dice roller', async () => {
    const dieKind = schema.getType('DieKind') as GraphQLEnumType;
    expect(dieKind.getValues().map((value) => [value.name, value.description])).toEqual([['FIXTURE_D4', 'The fixture game’s four-sided die.']]);
    const roll = await graphql(service.url, '{ rollDice(input: { die: FIXTURE_D4, count: 12, seed: "d4" }) { result { die values } transcript { text die } } }');
    expect(roll.errors).toBeUndefined();
    expect(roll.data!.rollDice.result.die).toBe('FIXTURE_D4');
    expect(new Set(roll.data!.rollDice.result.values)).toEqual(new Set([1, 2, 3, 4]));
    expect(roll.data!.rollDice.transcript[0]).toMatchObject({ text: expect.stringMatching(/^Rolled the four-sided die \(1 of 12\): [1-4]$/), die: 'fixture-d4' });
  });

  it('serves records as key and value lists, inferred values with their reasoning, and the content entity an id names', async () => {
    const response = await weigh({ gadgetId: 'fixture:gadget:widget', mood: 'ALL_BUSY', crew: CREW, seed: 'weigh' });
    expect(response.errors).toBeUndefined();
    const { result, transcript } = response.data!.fixtureWeigh;
    expect(result).toMatchObject({ gadgetId: 'fixture:gadget:widget', gadget: { id: 'fixture:gadget:widget' }, mood: 'ALL_BUSY' });
    expect(result.lifted.map((entry: { key: string }) => entry.key)).toEqual(['Ada', 'Bo']);
    expect(result.effort).toEqual({ value: 5, inferred: true, reasoning: 'The fixture prints no effort; it is read as the weight.' });
    expect(result.steady).toEqual({ value: true, inferred: false, reasoning: null });
    expect(transcript[0]).toMatchObject({ die: 'fixture-d4', inferred: false, reasoning: null });
    expect(transcript.at(-1)).toMatchObject({ text: 'Effort 5', inferred: true, reasoning: 'The fixture prints no effort; it is read as the weight.' });
  });

  it('replays with the engine’s spelling of enum values and gives the typed query’s result', async () => {
    const typed = await weigh({ gadgetId: 'fixture:gadget:gizmo', mood: 'ALL_BUSY', crew: CREW, seed: 'replay' });
    const replayed = await graphql(service.url, 'query($input: String!) { replay(procedureId: "fixture.weigh", input: $input, seed: "replay") { resultJson } }', {
      input: JSON.stringify({ gadgetId: 'fixture:gadget:gizmo', mood: 'all-busy', crew: CREW }),
    });
    expect(replayed.errors).toBeUndefined();
    const engine = JSON.parse(replayed.data!.replay.resultJson);
    expect(engine.mood).toBe('all-busy');
    expect(Object.entries(engine.lifted).map(([key, value]) => ({ key, value }))).toEqual(typed.data!.fixtureWeigh.result.lifted);
  });

  it('binds the game’s content once, whatever the number of calls', async () => {
    for (const seed of ['a', 'b', 'c']) expect((await weigh({ gadgetId: 'fixture:gadget:gizmo', mood: 'CALM', crew: CREW, seed })).errors).toBeUndefined();
    expect(binding.calls).toBe(1);
  });

  it('refuses bad input with the field path under input and the rule, the engine’s and the schema’s alike', async () => {
    expect(errorOf(await weigh({ gadgetId: 'fixture:gadget:none', mood: 'CALM', crew: CREW, seed: 's' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.gadgetId',
      rule: 'unknown',
    });
    expect(errorOf(await weigh({ gadgetId: 'fixture:gadget:gizmo', mood: 'CALM', crew: [CREW[0], { name: 'Bo', grit: -1 }], seed: 's' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.crew[1].grit',
      rule: 'range',
    });
    const twice = await weigh({ gadgetId: 'fixture:gadget:gizmo', mood: 'CALM', crew: [...CREW, { name: ' ada ', grit: 0 }], seed: 's' });
    expect(errorOf(twice)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.crew[2].name', rule: 'duplicate' });
    expect(twice.data).toEqual({ fixtureWeigh: null });
  });

  it('declares as entities only the content types its results point at, and resolves an id only as its own kind', async () => {
    expect(schema.getType('Card')).toBeDefined();
    expect([schema.getType('Scenario'), schema.getType('Script'), schema.getType('FixtureGadget')]).toEqual([undefined, undefined, undefined]);
    expect(getNamedType((schema.getType('FixtureWeighResult') as GraphQLObjectType).getFields().gadget.type).name).toBe('Card');
    const response = await graphql(service.url, 'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Card { id } } }', {
      r: [
        { __typename: 'Card', id: 'fixture:gadget:gizmo' },
        { __typename: 'Card', id: 'fixture:module:base' },
      ],
    });
    expect(response.data!._entities).toEqual([{ __typename: 'Card', id: 'fixture:gadget:gizmo' }, null]);
    expect(response.errors!.map((e) => [e.path, e.extensions])).toEqual([[['_entities', 1], { code: 'NOT_FOUND', field: 'id', rule: 'exists' }]]);
    await expectTypedAnswers(service.url, hostileRepresentations({ entity: 'Card', unknownId: 'fixture:gadget:nothing', notAnEntity: 'RngState' }));
  });

  it('describes every type, field, argument, input field and enum value it serves', () => {
    const internal = /^(_|link__|federation__|Query\._)/;
    expect(undescribedElements(schema).filter((element) => !internal.test(element))).toEqual([]);
  });

  it('names no game of the release anywhere in its schema, descriptions included', async () => {
    const sdl = (await graphql(service.url, '{ _service { sdl } }')).data!._service.sdl as string;
    expect(sdl).toContain('fixtureWeigh');
    expect(releaseNamesIn(sdl)).toEqual([]);
  });
});
