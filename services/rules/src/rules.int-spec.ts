import { GraphQLSchemaHost } from '@nestjs/graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { ProcedureRegistry } from './catalog/procedure-registry';
import { ENGINE_PROCEDURES } from './catalog/engine-procedures';
import { rulesApp } from './rules.app';
import { ENGINE_EXAMPLES } from './testing/examples';
import { procedureQuery, toVariables } from './testing/graphql-operations';

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String!) {
  replay(procedureId: $procedureId, input: $input, seed: $seed) { procedureId seed resultJson transcript { text die value } rngState { s0 s1 s2 c } }
}`;

const CATALOG = `query($gameId: ID, $first: Int, $after: String) {
  procedures(gameId: $gameId, first: $first, after: $after) {
    edges { cursor node { id gameId description field inputSchema } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

describe('rules subgraph', () => {
  let service: RunningService;
  let run: (field: string, input: unknown, seed?: string) => Promise<Response>;
  let runEngineInput: (field: string, input: unknown, seed: string) => Promise<Response>;
  let fieldOf: (procedureId: string) => string;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
    const schema = service.app.get(GraphQLSchemaHost).schema;
    const registry = service.app.get(ProcedureRegistry);
    fieldOf = (id) => registry.entries().find((e) => e.id === id)!.field;
    run = (field, input, seed) =>
      graphql(service.url, procedureQuery(schema, field), { input: { ...(input as object), ...(seed ? { seed } : {}) } });
    runEngineInput = (field, input, seed) => run(field, toVariables(schema, field, input), seed);
  });

  afterAll(async () => {
    await service?.stop();
  });

  // Zone Survival is served from its descriptors; services/rules/src/stalker-zs/zs.int-spec.ts covers it.
  const engineFed = ENGINE_PROCEDURES;

  it('has a worked example for every procedure', () => {
    expect(ENGINE_PROCEDURES.filter((p) => !(p.id in ENGINE_EXAMPLES))).toEqual([]);
  });

  describe.each(engineFed.map((p) => [p.id, p] as const))('%s', (id, procedure) => {
    const seed = `int:${id}`;

    it('resolves the worked example through its typed query, the same way twice', async () => {
      const first = await runEngineInput(fieldOf(id), ENGINE_EXAMPLES[id], seed);
      expect(first.errors).toBeUndefined();
      const resolution = first.data![fieldOf(id)];
      const engine = procedure.run(ENGINE_EXAMPLES[id], seed);
      expect(resolution.seed).toBe(seed);
      expect(resolution.rngState).toEqual(engine.rngState);
      expect(resolution.transcript.map((s: { text: string }) => s.text)).toEqual(engine.transcript.map((s) => s.text));
      expect(resolution.result).toBeDefined();

      const second = await runEngineInput(fieldOf(id), ENGINE_EXAMPLES[id], seed);
      expect(second.data).toEqual(first.data);
    });

    it('replays to the same bytes as the typed query', async () => {
      const typed = await runEngineInput(fieldOf(id), ENGINE_EXAMPLES[id], seed);
      const input = JSON.stringify(ENGINE_EXAMPLES[id]);
      const replayed = await graphql(service.url, REPLAY, { procedureId: id, input, seed });
      expect(replayed.errors).toBeUndefined();
      const replay = replayed.data!.replay;
      expect(replay.resultJson).toBe(JSON.stringify(procedure.run(ENGINE_EXAMPLES[id], seed).result));
      expect(replay.transcript).toEqual(typed.data![fieldOf(id)].transcript);
      expect(replay.rngState).toEqual(typed.data![fieldOf(id)].rngState);
      const again = await graphql(service.url, REPLAY, { procedureId: id, input, seed });
      expect(again.data!.replay.resultJson).toBe(replay.resultJson);
    });
  });

  it('draws and returns a seed when none is given, and that seed reproduces the resolution', async () => {
    const drawn = await runEngineInput('twomNightRaid', ENGINE_EXAMPLES['twom.night-raid'], undefined as unknown as string);
    const { seed, result } = drawn.data!.twomNightRaid;
    expect(seed).toEqual(expect.any(String));
    const again = await runEngineInput('twomNightRaid', ENGINE_EXAMPLES['twom.night-raid'], seed);
    expect(again.data!.twomNightRaid.result).toEqual(result);
  });

  describe('catalog', () => {
    it('lists every procedure once, with the query that runs it and a JSON Schema of its input', async () => {
      const ids: string[] = [];
      let after: string | null = null;
      do {
        const page: Response = await graphql(service.url, CATALOG, { first: 7, after });
        expect(page.errors).toBeUndefined();
        const { edges, pageInfo } = page.data!.procedures;
        for (const { node } of edges) {
          ids.push(node.id);
          const schema = JSON.parse(node.inputSchema);
          expect(schema.type).toBe('object');
          expect(schema.properties.seed).toBeUndefined();
        }
        after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
      } while (after);
      expect(ids).toEqual(ENGINE_PROCEDURES.map((p) => p.id));
    });

    it('filters by game', async () => {
      const page = await graphql(service.url, CATALOG, { gameId: 'hope-inhumanity', first: 100 });
      expect(page.data!.procedures.edges.map((e: { node: { field: string } }) => e.node.field)).toEqual(['hopeSetup', 'hopeScene', 'hopeEndRound']);
    });

    it('rejects a page size out of range and a foreign cursor', async () => {
      expect(errorOf(await graphql(service.url, CATALOG, { first: 0 }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
      expect(errorOf(await graphql(service.url, CATALOG, { after: 'nope' }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    });
  });

  describe('bad input', () => {
    it('a guard count of zero names input.guards', async () => {
      const response = await runEngineInput('twomNightRaid', { ...ENGINE_EXAMPLES['twom.night-raid'] as object, guards: [] }, 's');
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.guards', rule: 'min' });
      expect(response.data).toBeNull();
    });

    it('a deck too small to draw from names the deck', async () => {
      const input = { ...ENGINE_EXAMPLES['twom.scavenge-unknown-deck'] as object, explorationDeck: ['Only one'] };
      expect(errorOf(await runEngineInput('twomUnknownDeck', input, 's'))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.explorationDeck',
        rule: 'too-small',
      });
    });

    it('a nested engine rule names the nested field', async () => {
      const example = ENGINE_EXAMPLES['twom-tactics.hide-test'] as { group: object[] };
      const input = { ...example, group: [{ name: 'Roman', prowess: -1 }] };
      expect(errorOf(await runEngineInput('tacticsHideTest', input, 's'))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.group[0].prowess',
        rule: 'min',
      });
    });

    it('an empty or overlong seed names input.seed', async () => {
      expect(errorOf(await runEngineInput('twomPickLock', { lockpicks: 1 }, 'x'.repeat(129)))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.seed',
      });
    });

    it('replay of an unknown procedure is NOT_FOUND on procedureId', async () => {
      const response = await graphql(service.url, REPLAY, { procedureId: 'twom.nope', input: '{}', seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', field: 'procedureId' });
    });

    it('replay of unparsable input is BAD_USER_INPUT on input, rule json', async () => {
      const response = await graphql(service.url, REPLAY, { procedureId: 'twom.pick-lock', input: '{lockpicks: 1', seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input', rule: 'json' });
    });

    it('replay reports engine rules under input', async () => {
      const response = await graphql(service.url, REPLAY, { procedureId: 'twom.pick-lock', input: '{"lockpicks":0}', seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.lockpicks', rule: 'min' });
    });
  });

  it('still rolls dice as before', async () => {
    const response = await graphql(
      service.url,
      'query { rollDice(input: { die: BLACK_D10, count: 3, seed: "abc" }) { die values seed transcript { text } } }',
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.rollDice.values).toHaveLength(3);
  });
});
