import { GraphQLSchemaHost } from '@nestjs/graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { PROCEDURES, runProcedure, WORKED_EXAMPLES } from '@scriptbook/rules-engine';
import { BoundProcedures } from './procedures/bound-procedures';
import { rulesApp } from './rules.app';
import { procedureQuery, toVariables } from './testing/graphql-operations';

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String, $rngState: RngStateInput) {
  replay(procedureId: $procedureId, input: $input, seed: $seed, rngState: $rngState) {
    procedureId seed resultJson transcript { text die value inferred reasoning } rngState { s0 s1 s2 c }
  }
}`;

const CATALOG = `query($gameId: ID, $first: Int, $after: String) {
  procedures(gameId: $gameId, first: $first, after: $after) {
    edges { cursor node { id gameId description field draws inputSchema } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const EXAMPLES = WORKED_EXAMPLES;

describe('rules subgraph', () => {
  let service: RunningService;
  let bound: BoundProcedures;
  let run: (field: string, input: unknown, stream?: { seed?: string; rngState?: unknown }) => Promise<Response>;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
    const schema = service.app.get(GraphQLSchemaHost).schema;
    bound = service.app.get(BoundProcedures);
    run = (field, input, stream = {}) =>
      graphql(service.url, procedureQuery(schema, field), { input: { ...(toVariables(schema, field, input) as object), ...stream } });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('has a worked example for every procedure', () => {
    expect(PROCEDURES.filter((p) => !(p.id in EXAMPLES)).map((p) => p.id)).toEqual([]);
  });

  describe.each(PROCEDURES.map((p) => [p.id, p] as const))('%s', (id, descriptor) => {
    const seed = `int:${id}`;
    const example = () => EXAMPLES[id];

    it('resolves the worked example through its typed query as the engine does, the same way twice', async () => {
      const first = await run(descriptor.field, example(), { seed });
      expect(first.errors).toBeUndefined();
      const resolution = first.data![descriptor.field];
      const engine = runProcedure(descriptor, example(), { seed }, bound.contentOf(id));
      expect(resolution.seed).toBe(seed);
      expect(resolution.rngState).toEqual(engine.rngState);
      expect(resolution.transcript.map((s: { text: string }) => s.text)).toEqual(engine.transcript.map((s) => s.text));
      expect(resolution.result).toBeDefined();
      const second = await run(descriptor.field, example(), { seed });
      expect(second.data).toEqual(first.data);
    });

    it('replays to the bytes of the engine run, and continues from the state it returned', async () => {
      const input = JSON.stringify(example());
      const replayed = await graphql(service.url, REPLAY, { procedureId: id, input, seed });
      expect(replayed.errors).toBeUndefined();
      const replay = replayed.data!.replay;
      const engine = runProcedure(descriptor, example(), { seed }, bound.contentOf(id));
      expect(replay.resultJson).toBe(JSON.stringify(engine.result));
      const continued = await graphql(service.url, REPLAY, { procedureId: id, input, rngState: replay.rngState });
      expect(continued.errors).toBeUndefined();
      expect(continued.data!.replay.seed).toBeNull();
      const engineNext = runProcedure(descriptor, example(), { rngState: engine.rngState }, bound.contentOf(id));
      expect(continued.data!.replay.resultJson).toBe(JSON.stringify(engineNext.result));
    });
  });

  it('draws and returns a seed when none is given, and that seed reproduces the resolution', async () => {
    const drawn = await run('twomNightRaid', WORKED_EXAMPLES['twom.night-raid']);
    const { seed, result } = drawn.data!.twomNightRaid;
    expect(seed).toEqual(expect.any(String));
    const again = await run('twomNightRaid', WORKED_EXAMPLES['twom.night-raid'], { seed });
    expect(again.data!.twomNightRaid.result).toEqual(result);
  });

  it('serves records as key and value lists and inferred values with their reasoning', async () => {
    const setup = await run('twomSetup', WORKED_EXAMPLES['twom.setup'], { seed: 'records' });
    expect(setup.data!.twomSetup.result.stockpile).toContainEqual({ key: 'Raw Food', value: 3 });
    const group = [{ name: 'Roman', prowess: 2 }];
    const hide = await run('tacticsHideTest', { group, actionModifier: 0, spaceValue: 0, useProwess: true }, { seed: 'inferred' });
    const { result, transcript } = hide.data!.tacticsHideTest;
    expect(result.rerollsAllowed).toMatchObject({ value: 2, inferred: true });
    expect(result.rerollsAllowed.reasoning).toContain('Dexterity');
    expect(transcript.some((s: { inferred: boolean }) => s.inferred)).toBe(true);
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
      expect(ids).toEqual(PROCEDURES.map((p) => p.id));
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
    it('no guard names input.guards', async () => {
      const response = await run('twomNightRaid', { ...(WORKED_EXAMPLES['twom.night-raid'] as object), guards: [] }, { seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.guards', rule: 'range' });
      expect(response.data).toEqual({ twomNightRaid: null });
    });

    it('a deck too small to draw from names the deck', async () => {
      const input = { ...(WORKED_EXAMPLES['twom.scavenge-unknown-deck'] as object), explorationDeck: ['Only one'] };
      expect(errorOf(await run('twomUnknownDeck', input, { seed: 's' }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.explorationDeck',
        rule: 'too-small',
      });
    });

    it('a nested rule names the nested field', async () => {
      const example = WORKED_EXAMPLES['twom-tactics.hide-test'] as { group: object[] };
      const input = { ...example, group: [{ name: 'Roman', prowess: -1 }] };
      expect(errorOf(await run('tacticsHideTest', input, { seed: 's' }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.group[0].prowess',
        rule: 'range',
      });
    });

    it('an overlong seed names input.seed', async () => {
      expect(errorOf(await run('twomPickLock', { lockpicks: 1 }, { seed: 'x'.repeat(129) }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.seed',
        rule: 'length',
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

    it('replay reports schema rules under input, and a seed with an rngState under rngState', async () => {
      const response = await graphql(service.url, REPLAY, { procedureId: 'twom.pick-lock', input: '{"lockpicks":0}', seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.lockpicks', rule: 'range' });
      const both = await graphql(service.url, REPLAY, {
        procedureId: 'twom.pick-lock',
        input: '{"lockpicks":1}',
        seed: 's',
        rngState: { s0: 0.1, s1: 0.2, s2: 0.3, c: 1 },
      });
      expect(errorOf(both)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'rngState', rule: 'exclusive' });
    });
  });
});
