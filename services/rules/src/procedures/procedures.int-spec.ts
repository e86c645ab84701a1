import { GraphQLSchemaHost } from '@nestjs/graphql';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { RunningService, startService } from '@scriptbook/platform';
import { enumValueName } from '@scriptbook/platform/graphql/zod/zod-kinds';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { ROLL_DICE_PROCEDURE_ID } from '@scriptbook/rules-engine';
import { undescribedElements } from '../../../../scripts/schema/undescribed';
import { rulesApp } from '../rules.app';

/**
 * The dice roller every game shares, through the service: it stands here for
 * what every procedure's typed query does with seeds and streams. Its dice
 * are the catalog's games' dice, so the test takes them from the catalog.
 */
const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const ROLL = `query($input: RollDiceInput!) {
  rollDice(input: $input) { seed rngState { s0 s1 s2 c } transcript { text die value inferred reasoning } result { die values } }
}`;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String, $rngState: RngStateInput) {
  replay(procedureId: $procedureId, input: $input, seed: $seed, rngState: $rngState) { seed resultJson rngState { s0 s1 s2 c } }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const DICE = RELEASE_CATALOG.games.flatMap((game) => game.rules.dice ?? []);
const [DIE] = DICE;
/** The die as GraphQL spells it (the enum value), and as the engine does (replay, transcripts). */
const DIE_ENUM = enumValueName(DIE.id);

describe('the dice roller served from its descriptor', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('offers the dice of the catalog’s games as DieKind, each described as its game describes it', () => {
    const dieKind = service.app.get(GraphQLSchemaHost).schema.getType('DieKind') as import('graphql').GraphQLEnumType;
    const unique = [...new Map(DICE.map((die) => [die.id, die])).values()];
    expect(dieKind.getValues().map((value) => [value.name, value.description])).toEqual(unique.map((die) => [enumValueName(die.id), die.description]));
  });

  it.each(DICE.map((die) => [die.id, die] as const))('rolls %s from a seed and returns the seed, the transcript and the state after', async (_id, die) => {
    const response = await graphql(service.url, ROLL, { input: { die: enumValueName(die.id), count: 3, seed: 'abc' } });
    expect(response.errors).toBeUndefined();
    const roll = response.data!.rollDice;
    expect(roll.seed).toBe('abc');
    expect(roll.result.die).toBe(enumValueName(die.id));
    expect(roll.result.values).toHaveLength(3);
    roll.result.values.forEach((value: number) => expect(die.faces).toContain(value));
    expect(roll.transcript[0]).toMatchObject({ text: expect.stringContaining(die.name), die: die.id, inferred: false, reasoning: null });
  });

  it('continues a stream: 3 dice and then 3 more from the returned rngState equal 6 at once', async () => {
    const six = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 6, seed: 'stream' } });
    const first = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 3, seed: 'stream' } });
    const rest = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 3, rngState: first.data!.rollDice.rngState } });
    expect(rest.errors).toBeUndefined();
    expect(rest.data!.rollDice.seed).toBeNull();
    expect([...first.data!.rollDice.result.values, ...rest.data!.rollDice.result.values]).toEqual(six.data!.rollDice.result.values);
    expect(rest.data!.rollDice.rngState).toEqual(six.data!.rollDice.rngState);
  });

  it('refuses a seed and an rngState together, naming input.rngState', async () => {
    const first = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 1, seed: 'a' } });
    const response = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 1, seed: 'a', rngState: first.data!.rollDice.rngState } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rngState', rule: 'exclusive' });
    expect(response.data).toEqual({ rollDice: null });
  });

  it('refuses a generator state no resolution returns, naming the bad part', async () => {
    const response = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 1, rngState: { s0: 1.5, s1: 0.1, s2: 0.2, c: 1 } } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rngState.s0', rule: 'range' });
  });

  it.each([
    ['NUL', '\u0000'],
    ['an escape', '\u001B'],
    ['a right-to-left override', '\u202E'],
  ])('refuses a seed holding %s, in rollDice and in replay, with rule plain-text', async (_what, bad) => {
    const rolled = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 1, seed: `table${bad}seed` } });
    expect(errorOf(rolled)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.seed', rule: 'plain-text' });
    const replayed = await graphql(service.url, REPLAY, { procedureId: ROLL_DICE_PROCEDURE_ID, input: JSON.stringify({ die: DIE.id, count: 1 }), seed: `table${bad}seed` });
    expect(errorOf(replayed)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'seed', rule: 'plain-text' });
  });

  it('checks the input against its schema: a count out of range names input.count', async () => {
    const response = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 0, seed: 's' } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.count', rule: 'range' });
  });

  it('keeps the other fields of a query when one procedure fails', async () => {
    const response = await graphql(
      service.url,
      `{ ok: rollDice(input: { die: ${DIE_ENUM}, count: 1, seed: "x" }) { result { values } } bad: rollDice(input: { die: ${DIE_ENUM}, count: 0 }) { seed } }`,
    );
    expect(response.data!.ok.result.values).toHaveLength(1);
    expect(response.data!.bad).toBeNull();
    expect(response.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.count' });
  });

  it('replays from a seed and continues from an rngState, with the engine spelling of enum values', async () => {
    const typed = await graphql(service.url, ROLL, { input: { die: DIE_ENUM, count: 2, seed: 'r' } });
    const replayed = await graphql(service.url, REPLAY, { procedureId: ROLL_DICE_PROCEDURE_ID, input: JSON.stringify({ die: DIE.id, count: 2 }), seed: 'r' });
    expect(replayed.errors).toBeUndefined();
    expect(JSON.parse(replayed.data!.replay.resultJson)).toEqual({ die: DIE.id, values: typed.data!.rollDice.result.values });
    const next = await graphql(service.url, REPLAY, {
      procedureId: ROLL_DICE_PROCEDURE_ID,
      input: JSON.stringify({ die: DIE.id, count: 1 }),
      rngState: replayed.data!.replay.rngState,
    });
    expect(next.data!.replay.seed).toBeNull();
    const three = await graphql(service.url, REPLAY, { procedureId: ROLL_DICE_PROCEDURE_ID, input: JSON.stringify({ die: DIE.id, count: 3 }), seed: 'r' });
    expect(JSON.parse(three.data!.replay.resultJson).values).toEqual([...typed.data!.rollDice.result.values, ...JSON.parse(next.data!.replay.resultJson).values]);
  });

  it('replay refuses a die no game offers, naming the field', async () => {
    const response = await graphql(service.url, REPLAY, { procedureId: ROLL_DICE_PROCEDURE_ID, input: '{"die":"no-such-die","count":1}', seed: 's' });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.die', rule: 'one-of' });
  });

  it('lists the procedure in the catalog with a JSON Schema derived from its zod input', async () => {
    const response = await graphql(service.url, '{ procedures(gameId: "dice", first: 10) { edges { node { id field draws inputSchema } } } }');
    const [node] = response.data!.procedures.edges.map((e: { node: unknown }) => e.node);
    expect(node).toMatchObject({ id: ROLL_DICE_PROCEDURE_ID, field: 'rollDice', draws: true });
    const schema = JSON.parse(node.inputSchema);
    expect(schema.required).toEqual(['die', 'count']);
    expect(schema.properties.count).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(schema.properties.die.oneOf.map((o: { const: string }) => o.const)).toEqual([...new Set(DICE.map((die) => die.id))]);
    expect(schema.properties.seed).toBeUndefined();
  });

  it('describes every type, field, argument, input field and enum value it serves', () => {
    // Federation's own machinery (_entities, _service, link__*, federation__*) is documented by the federation spec.
    const internal = /^(_|link__|federation__|Query\._)/;
    const undescribed = undescribedElements(service.app.get(GraphQLSchemaHost).schema).filter((element) => !internal.test(element));
    expect(undescribed).toEqual([]);
  });
});
