import { GraphQLSchemaHost } from '@nestjs/graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { undescribedElements } from '../../../../scripts/schema/undescribed';
import { rulesApp } from '../rules.app';

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

describe('procedures served from their descriptors', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('rolls dice from a seed and returns the seed, the transcript and the state after', async () => {
    const response = await graphql(service.url, ROLL, { input: { die: 'BLACK_D10', count: 3, seed: 'abc' } });
    expect(response.errors).toBeUndefined();
    const roll = response.data!.rollDice;
    expect(roll.seed).toBe('abc');
    expect(roll.result.die).toBe('BLACK_D10');
    expect(roll.result.values).toHaveLength(3);
    expect(roll.transcript[0]).toMatchObject({ die: 'black-d10', inferred: false, reasoning: null });
  });

  it('continues a stream: 3 dice and then 3 more from the returned rngState equal 6 at once', async () => {
    const six = await graphql(service.url, ROLL, { input: { die: 'D6', count: 6, seed: 'stream' } });
    const first = await graphql(service.url, ROLL, { input: { die: 'D6', count: 3, seed: 'stream' } });
    const rest = await graphql(service.url, ROLL, { input: { die: 'D6', count: 3, rngState: first.data!.rollDice.rngState } });
    expect(rest.errors).toBeUndefined();
    expect(rest.data!.rollDice.seed).toBeNull();
    expect([...first.data!.rollDice.result.values, ...rest.data!.rollDice.result.values]).toEqual(six.data!.rollDice.result.values);
    expect(rest.data!.rollDice.rngState).toEqual(six.data!.rollDice.rngState);
  });

  it('refuses a seed and an rngState together, naming input.rngState', async () => {
    const first = await graphql(service.url, ROLL, { input: { die: 'D6', count: 1, seed: 'a' } });
    const response = await graphql(service.url, ROLL, { input: { die: 'D6', count: 1, seed: 'a', rngState: first.data!.rollDice.rngState } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rngState', rule: 'exclusive' });
    expect(response.data).toEqual({ rollDice: null });
  });

  it('refuses a generator state no resolution returns, naming the bad part', async () => {
    const response = await graphql(service.url, ROLL, { input: { die: 'D6', count: 1, rngState: { s0: 1.5, s1: 0.1, s2: 0.2, c: 1 } } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rngState.s0', rule: 'range' });
  });

  it('checks the input against its schema: a count out of range names input.count', async () => {
    const response = await graphql(service.url, ROLL, { input: { die: 'D6', count: 0, seed: 's' } });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.count', rule: 'range' });
  });

  it('keeps the other fields of a query when one procedure fails', async () => {
    const response = await graphql(
      service.url,
      `{ ok: rollDice(input: { die: D6, count: 1, seed: "x" }) { result { values } } bad: rollDice(input: { die: D6, count: 0 }) { seed } }`,
    );
    expect(response.data!.ok.result.values).toHaveLength(1);
    expect(response.data!.bad).toBeNull();
    expect(response.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.count' });
  });

  it('replays from a seed and continues from an rngState, with the engine spelling of enum values', async () => {
    const typed = await graphql(service.url, ROLL, { input: { die: 'D6', count: 2, seed: 'r' } });
    const replayed = await graphql(service.url, REPLAY, { procedureId: 'dice.roll', input: '{"die":"d6","count":2}', seed: 'r' });
    expect(replayed.errors).toBeUndefined();
    expect(JSON.parse(replayed.data!.replay.resultJson)).toEqual({ die: 'd6', values: typed.data!.rollDice.result.values });
    const next = await graphql(service.url, REPLAY, {
      procedureId: 'dice.roll',
      input: '{"die":"d6","count":1}',
      rngState: replayed.data!.replay.rngState,
    });
    expect(next.data!.replay.seed).toBeNull();
    const both = await graphql(service.url, REPLAY, { procedureId: 'dice.roll', input: '{"die":"d6","count":3}', seed: 'r' });
    expect(JSON.parse(both.data!.replay.resultJson).values).toEqual([
      ...typed.data!.rollDice.result.values,
      ...JSON.parse(next.data!.replay.resultJson).values,
    ]);
  });

  it('replay refuses input outside the schema, naming the field', async () => {
    const response = await graphql(service.url, REPLAY, { procedureId: 'dice.roll', input: '{"die":"d20","count":1}', seed: 's' });
    expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.die', rule: 'one-of' });
  });

  it('lists the procedure in the catalog with a JSON Schema derived from its zod input', async () => {
    const response = await graphql(service.url, '{ procedures(gameId: "dice", first: 10) { edges { node { id field draws inputSchema } } } }');
    const [node] = response.data!.procedures.edges.map((e: { node: unknown }) => e.node);
    expect(node).toMatchObject({ id: 'dice.roll', field: 'rollDice', draws: true });
    const schema = JSON.parse(node.inputSchema);
    expect(schema.required).toEqual(['die', 'count']);
    expect(schema.properties.count).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(schema.properties.die.oneOf.map((o: { const: string }) => o.const)).toEqual(['black-d10', 'd6']);
    expect(schema.properties.seed).toBeUndefined();
  });

  it('describes every type, field, argument, input field and enum value it serves', () => {
    // Federation's own machinery (_entities, _service, link__*, federation__*) is documented by the federation spec.
    const internal = /^(_|link__|federation__|Query\._)/;
    const undescribed = undescribedElements(service.app.get(GraphQLSchemaHost).schema).filter((element) => !internal.test(element));
    expect(undescribed).toEqual([]);
  });
});
