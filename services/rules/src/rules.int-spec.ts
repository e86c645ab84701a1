import { GraphQLSchemaHost } from '@nestjs/graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { ruleInputErrorFromZod, runProcedure, SHARED_GAME_ID } from '@scriptbook/rules-engine';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { ProcedureRunner } from './procedures/procedure-runner';
import { rulesApp } from './rules.app';
import { procedureQuery, toVariables } from './testing/graphql-operations';

/**
 * The rules subgraph of the release, tested over every procedure of its
 * catalog: each game's own behaviour is tested with its rules, in its folder
 * of `libs/games`; what the service adds (types, streams, errors, the
 * catalog, replay) is tested here for all of them alike.
 */
const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String, $rngState: RngStateInput) {
  replay(procedureId: $procedureId, input: $input, seed: $seed, rngState: $rngState) {
    procedureId seed resultJson transcript { text die value inferred reasoning } rngState { s0 s1 s2 c }
  }
}`;

const CATALOG = `query($gameId: ID, $moduleId: ID, $first: Int, $after: String) {
  procedures(gameId: $gameId, moduleId: $moduleId, first: $first, after: $after) {
    edges { cursor node { id gameId moduleId description field draws inputSchema } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const PROCEDURES = RELEASE_CATALOG.procedures;
const EXAMPLES = RELEASE_CATALOG.workedExamples;

describe('rules subgraph', () => {
  let service: RunningService;
  let bound: ProcedureRunner;
  let run: (field: string, input: unknown, stream?: { seed?: string; rngState?: unknown }) => Promise<Response>;
  const ids = async (variables: Record<string, unknown>) =>
    ((await graphql(service.url, CATALOG, { first: 100, ...variables })).data!.procedures.edges as { node: { id: string } }[]).map((e) => e.node.id);

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
    const schema = service.app.get(GraphQLSchemaHost).schema;
    bound = service.app.get(ProcedureRunner);
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

    it('draws and returns a seed when none is given, and that seed reproduces the resolution', async () => {
      const drawn = (await run(descriptor.field, example())).data![descriptor.field];
      expect(drawn.seed).toEqual(expect.any(String));
      const again = (await run(descriptor.field, example(), { seed: drawn.seed })).data![descriptor.field];
      expect(again.result).toEqual(drawn.result);
      expect(again.rngState).toEqual(drawn.rngState);
    });

    it('refuses a seed holding a control character, naming input.seed, and answers null at its own field', async () => {
      const response = await run(descriptor.field, example(), { seed: `${seed}\u0000` });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.seed', rule: 'plain-text' });
      expect(response.data).toEqual({ [descriptor.field]: null });
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

    const empty = descriptor.input.safeParse({});
    if (!empty.success) {
      it('replay names what its schema refuses in an empty input under input, with the schema’s rule', async () => {
        const expected = ruleInputErrorFromZod(empty.error);
        const response = await graphql(service.url, REPLAY, { procedureId: id, input: '{}', seed });
        expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: `input.${expected.field}`, rule: expected.rule });
      });
    }
  });

  describe('catalog', () => {
    it('lists every procedure once, with its game, module, the query that runs it and a JSON Schema of its input', async () => {
      const nodes: Record<string, unknown>[] = [];
      let after: string | null = null;
      do {
        const page: Response = await graphql(service.url, CATALOG, { first: 7, after });
        expect(page.errors).toBeUndefined();
        const { edges, pageInfo } = page.data!.procedures;
        for (const { node } of edges) {
          const schema = JSON.parse(node.inputSchema);
          expect(schema.type).toBe('object');
          expect(schema.properties.seed).toBeUndefined();
          nodes.push({ id: node.id, gameId: node.gameId, moduleId: node.moduleId, field: node.field, draws: node.draws, description: node.description });
        }
        after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
      } while (after);
      expect(nodes).toEqual(
        PROCEDURES.map((p) => ({ id: p.id, gameId: p.gameId, moduleId: p.moduleId ?? null, field: p.field, draws: p.draws, description: p.description })),
      );
    });

    it.each(RELEASE_CATALOG.games.map((game) => [game.id, game] as const))('lists every procedure of %s under its game id, its modules’ included', async (gameId, game) => {
      expect(await ids({ gameId })).toEqual(game.rules.procedures.map((p) => p.id));
    });

    it('narrows a game’s list to one of its modules, and lists every module’s procedures under it', async () => {
      const modules = RELEASE_CATALOG.games.flatMap((game) => game.modules.map((module) => [game.id, module.id] as const));
      expect(modules.length).toBeGreaterThan(0);
      for (const [gameId, moduleId] of modules) {
        const expected = PROCEDURES.filter((p) => p.moduleId === moduleId).map((p) => p.id);
        expect(expected.length).toBeGreaterThan(0);
        expect(await ids({ gameId, moduleId })).toEqual(expected);
        expect(await ids({ moduleId })).toEqual(expected);
      }
    });

    it('lists the procedures every game shares under the shared id, and nothing for an id no game has', async () => {
      expect(await ids({ gameId: SHARED_GAME_ID })).toEqual(PROCEDURES.filter((p) => p.gameId === SHARED_GAME_ID).map((p) => p.id));
      expect(await ids({ gameId: 'no-such-game' })).toEqual([]);
      expect(await ids({ moduleId: 'no-such-game:module:core' })).toEqual([]);
    });

    it('rejects a page size out of range and a foreign cursor', async () => {
      expect(errorOf(await graphql(service.url, CATALOG, { first: 0 }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
      expect(errorOf(await graphql(service.url, CATALOG, { after: 'nope' }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    });
  });

  describe('bad input', () => {
    const [first] = PROCEDURES;

    it('an overlong seed names input.seed', async () => {
      expect(errorOf(await run(first.field, EXAMPLES[first.id], { seed: 'x'.repeat(129) }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.seed',
        rule: 'length',
      });
    });

    it('replay of an unknown procedure is NOT_FOUND on procedureId', async () => {
      const response = await graphql(service.url, REPLAY, { procedureId: 'no-such.procedure', input: '{}', seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', field: 'procedureId' });
    });

    it('replay of unparsable input, or of JSON that is no object, is BAD_USER_INPUT on input, rule json', async () => {
      for (const input of ['{"count": 1', '[1, 2]', 'null']) {
        const response = await graphql(service.url, REPLAY, { procedureId: first.id, input, seed: 's' });
        expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input', rule: 'json' });
      }
    });

    it('replay takes a seed or an rngState, not both, and names rngState', async () => {
      const both = await graphql(service.url, REPLAY, {
        procedureId: first.id,
        input: JSON.stringify(EXAMPLES[first.id]),
        seed: 's',
        rngState: { s0: 0.1, s1: 0.2, s2: 0.3, c: 1 },
      });
      expect(errorOf(both)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'rngState', rule: 'exclusive' });
    });
  });
});
