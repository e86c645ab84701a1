import { readdirSync } from 'node:fs';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TEST_JWT_SECRET, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { BaseConfig, TokenService } from '@scriptbook/platform';
import { runProcedure } from '@scriptbook/rules-engine';
import { PROCEDURES, WORKED_EXAMPLES } from '@scriptbook/games';

/**
 * The whole platform as `npm start` runs it: every subgraph, the worker and
 * the gateway as separate processes from the build, on SQLite files, talking
 * to the real Redis. Everything below goes through the gateway only.
 */
const PORT_OFFSET = platformPortOffset(20_000);
/** Board maintenance is for the players the deployment lists as scoring administrators. */
const SCORING_ADMIN = 'e2e-scoring-admin';

describe('the platform end to end, through the gateway', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let GATEWAY: string;
  let token: string;
  let playerId: string;

  beforeAll(async () => {
    // The processes' JSON lines on its output, so the shutdown check below can see an error logged by any of them.
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, logOutput: 'raw', env: { SCORING_ADMIN_PLAYER_IDS: SCORING_ADMIN } });
    GATEWAY = platform.gatewayUrl;
    await platform.printed('Scriptbook is ready');
  }, 100_000);

  afterAll(async () => {
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('prints the gateway URL and keeps every SQLite file under the data directory', () => {
    expect(platform.output).toContain(`Scriptbook is ready: http://localhost:${4000 + PORT_OFFSET}/graphql`);
    expect(readdirSync(platform.dataDir).filter((f) => f.endsWith('.sqlite')).sort()).toEqual([
      'accounts.sqlite',
      'campaigns.sqlite',
      'scoring.sqlite',
    ]);
  });

  it('registers and logs in', async () => {
    const registered = await graphql(
      GATEWAY,
      `mutation { registerPlayer(input: { email: "e2e@example.org", password: "a long password", displayName: "Vera" }) {
         accessToken player { id displayName } } }`,
    );
    expect(registered.errors).toBeUndefined();
    playerId = registered.data!.registerPlayer.player.id;

    const login = await graphql(GATEWAY, `mutation { login(input: { email: "e2e@example.org", password: "a long password" }) { accessToken player { id } } }`);
    expect(login.data!.login.player.id).toBe(playerId);
    token = login.data!.login.accessToken;
  });

  it('creates a campaign and reads it back with game and owner resolved by other subgraphs', async () => {
    const created = await graphql(GATEWAY, `mutation { createCampaign(input: { gameId: "twom", name: "Siege winter" }) { id } }`, {}, token);
    expect(created.errors).toBeUndefined();
    const mine = await graphql(GATEWAY, `{ myCampaigns(first: 10) { edges { node { id name game { id name } owner { id displayName } } } } }`, {}, token);
    expect(mine.data!.myCampaigns.edges).toEqual([
      {
        node: {
          id: created.data!.createCampaign.id,
          name: 'Siege winter',
          game: { id: 'twom', name: 'This War of Mine: The Board Game' },
          owner: { id: playerId, displayName: 'Vera' },
        },
      },
    ]);
  });

  it('rolls dice deterministically', async () => {
    const query = `{ rollDice(input: { die: BLACK_D10, count: 5, seed: "e2e" }) { seed transcript { text } result { values } } }`;
    const first = await graphql(GATEWAY, query);
    const second = await graphql(GATEWAY, query);
    expect(first.data!.rollDice.result.values).toHaveLength(5);
    expect(first.data!.rollDice.result.values.every((v: number) => v >= 1 && v <= 10)).toBe(true);
    expect(second.data).toEqual(first.data);
  });

  it('serves every scenario of the seeds, a script with its links followed, and search across packs', async () => {
    let scenarioCount = 0;
    for (const gameId of ['twom', 'stalker-zs']) {
      const game = await graphql(GATEWAY, `query($id: ID!) { game(id: $id) { scenarios { id } } }`, { id: gameId });
      for (const { id } of game.data!.game.scenarios) {
        const scenario = await graphql(
          GATEWAY,
          `query($id: ID!) { scenario(id: $id) { id name provenance { seed section } setupSteps { order title lines } } }`,
          { id },
        );
        expect(scenario.errors).toBeUndefined();
        expect(scenario.data!.scenario.setupSteps.length).toBeGreaterThan(0);
        scenarioCount++;
      }
    }
    // Five Incidents of Tales from the Ruined City and ten Zone Survival scenarios.
    expect(scenarioCount).toBe(15);

    const script = await graphql(
      GATEWAY,
      `{ script(gameId: "stalker-zs", number: 145) { number text links { type face targetId target { id ... on Script { number text } } } } }`,
    );
    expect(script.errors).toBeUndefined();
    const followed = script.data!.script.links.filter((link: { targetId: string | null }) => link.targetId);
    expect(followed.length).toBeGreaterThan(0);
    for (const link of followed) expect(link.target.id).toBe(link.targetId);

    const search = await graphql(GATEWAY, `{ searchContent(query: "water", first: 10) { score item { id gameId } snippet { marked } } }`);
    expect(search.errors).toBeUndefined();
    expect(search.data!.searchContent.length).toBeGreaterThan(0);
  });

  it('answers every rules procedure through the gateway, as the engine does in this other process', async () => {
    const catalog = await graphql(GATEWAY, '{ procedures(first: 100) { edges { node { id field } } } }');
    const procedures: { id: string; field: string }[] = catalog.data!.procedures.edges.map((e: { node: unknown }) => e.node);
    expect(procedures.map((p) => p.id).sort()).toEqual(PROCEDURES.map((p) => p.id).sort());

    const REPLAY = `query($id: ID!, $input: String!, $seed: String!) {
      replay(procedureId: $id, input: $input, seed: $seed) { seed resultJson transcript { text } rngState { s0 s1 s2 c } } }`;
    for (const { id } of procedures) {
      const seed = `e2e:${id}`;
      const example = WORKED_EXAMPLES[id];
      const variables = { id, input: JSON.stringify(example), seed };
      const first = await graphql(GATEWAY, REPLAY, variables);
      expect({ id, errors: first.errors }).toEqual({ id, errors: undefined });
      const replay = first.data!.replay;
      expect(replay.transcript.length).toBeGreaterThan(0);
      // Procedures that bind content are compared in the rules integration test, which holds the bound content.
      const descriptor = PROCEDURES.find((p) => p.id === id)!;
      if (!descriptor.bind) {
        const engine = runProcedure(descriptor, example, { seed }, undefined);
        expect(replay.resultJson).toBe(JSON.stringify(engine.result));
        expect(replay.transcript.map((step: { text: string }) => step.text)).toEqual(engine.transcript.map((step) => step.text));
      }
      expect((await graphql(GATEWAY, REPLAY, variables)).data).toEqual(first.data);
    }
  });

  it('serves a setup\'s cards as content entities in one round trip: the rules result names them, the content subgraph fills them in', async () => {
    // Most of the 55-card Setup deck is not in the seed, so a few seeds are tried until a drawn card is one the pack holds.
    const cards: { id: string }[] = [];
    for (let i = 0; i < 10 && cards.length === 0; i++) {
      const query = `{ zoneSurvivalSetup(input: { scenarioId: "stalker-zs:scenario:recon-in-force", stalkerCount: 3, seed: "e2e-refs-${i}" }) {
        result { setupCards { card { id card { id name tags } } } } } }`;
      const response = await graphql(GATEWAY, query);
      expect(response.errors).toBeUndefined();
      for (const slot of response.data!.zoneSurvivalSetup.result.setupCards) if (slot.card) cards.push(slot.card.card);
    }
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const direct = await graphql(GATEWAY, `query($id: ID!) { card(id: $id) { id name tags } }`, { id: card.id });
      expect(card).toEqual(direct.data!.card);
    }
  });

  it('serves a script step\'s scripts as content entities: the next script\'s printed text arrives in the same answer', async () => {
    const query = `query($input: ZoneSurvivalScriptStepInput!) { zoneSurvivalScriptStep(input: $input) {
      result { script { id number } next { id number script { id number text } } } } }`;
    const response = await graphql(GATEWAY, query, { input: { ...(WORKED_EXAMPLES['stalker-zs.script-step'] as object), seed: 'e2e-script' } });
    expect(response.errors).toBeUndefined();
    const { script, next } = response.data!.zoneSurvivalScriptStep.result;
    expect(script.id).toBe('stalker-zs:script:145');
    const direct = await graphql(GATEWAY, `query($number: Int!) { script(gameId: "stalker-zs", number: $number) { id number text } }`, {
      number: next.number,
    });
    expect(next.script).toEqual(direct.data!.script);
    expect(next.script.text.length).toBeGreaterThan(0);
  });

  it('sets up a Zone Survival scenario through its typed query, the same for the same seed', async () => {
    const query = `{ zoneSurvivalSetup(input: { scenarioId: "stalker-zs:scenario:recon-in-force", stalkerCount: 3, seed: "e2e" }) {
      seed transcript { text } result { setupCards { slot card { id } } } } }`;
    const first = await graphql(GATEWAY, query);
    expect(first.errors).toBeUndefined();
    expect(first.data!.zoneSurvivalSetup.result.setupCards).toHaveLength(4);
    expect((await graphql(GATEWAY, query)).data).toEqual(first.data);
  });

  it('enqueues a board rebuild that a scoring administrator asks for and the worker process completes', async () => {
    const rebuild = `mutation { requestLeaderboardRebuild(gameId: "stalker-zs") { id } }`;
    expect((await graphql(GATEWAY, rebuild, {}, token)).errors![0].extensions).toEqual({ code: 'FORBIDDEN', rule: 'scoring-admin' });
    const admin = new TokenService({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '1h' } as BaseConfig).issue(SCORING_ADMIN).accessToken;
    const requested = await graphql(GATEWAY, rebuild, {}, admin);
    const id = requested.data!.requestLeaderboardRebuild.id;
    let job: { state: string; progress: number } | undefined;
    for (let i = 0; i < 100 && job?.state !== 'COMPLETED'; i++) {
      job = (await graphql(GATEWAY, `query($id: ID!) { job(id: $id) { state progress } }`, { id }, admin)).data!.job;
      if (job?.state !== 'COMPLETED') await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toEqual({ state: 'COMPLETED', progress: 100 });

    // Only the player who asked follows the job; anyone else is told it does not exist.
    const anonymous = await graphql(GATEWAY, `query($id: ID!) { job(id: $id) { state } }`, { id });
    expect(anonymous.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    const otherPlayer = await graphql(GATEWAY, `query($id: ID!) { job(id: $id) { state } }`, { id }, token);
    expect(otherPlayer.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers bad requests with clear codes and writes nothing', async () => {
    const countCampaigns = async () =>
      (await graphql(GATEWAY, '{ myCampaigns(first: 100) { edges { node { id } } } }', {}, token)).data!.myCampaigns.edges.length;
    const before = await countCampaigns();

    const malformed = await graphql(GATEWAY, 'mutation { createCampaign(input: { gameId: "twom", name: "x" }) { id ');
    expect(malformed.errors![0].extensions!.code).toMatch(/^GRAPHQL_(PARSE|VALIDATION)_FAILED$/);

    const tooDeep = await graphql(GATEWAY, '{ myCampaigns { edges { node { game { a { b { c { d { e { f { g } } } } } } } } } } }', {}, token);
    expect(tooDeep.errors![0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(tooDeep.errors![0].message).toMatch(/depth limit/);

    const wrongPassword = await graphql(GATEWAY, `mutation { login(input: { email: "e2e@example.org", password: "not it" }) { accessToken } }`);
    expect(wrongPassword.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });

    const noToken = await graphql(GATEWAY, `mutation { createCampaign(input: { gameId: "twom", name: "Anonymous" }) { id } }`);
    expect(noToken.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });

    const unknownGame = await graphql(GATEWAY, `mutation { createCampaign(input: { gameId: "risk", name: "World" }) { id } }`, {}, token);
    expect(unknownGame.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.gameId', rule: 'known-game' });

    for (const response of [malformed, tooDeep, wrongPassword, noToken, unknownGame]) {
      expect(JSON.stringify(response)).not.toMatch(/stacktrace|at \S+\.js/);
    }
    expect(await countCampaigns()).toBe(before);
  });

  it('refuses a password bcrypt could not read whole, and names that cannot be read as written', async () => {
    const longPassword = await graphql(
      GATEWAY,
      `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken } }`,
      { input: { email: 'long@example.org', password: 'x'.repeat(100), displayName: 'Long' } },
    );
    expect(longPassword.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.password', rule: 'max-bytes' });
    const hiddenName = await graphql(
      GATEWAY,
      `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`,
      { input: { gameId: 'twom', name: 'Siege\u0000\u202Ewinter' } },
      token,
    );
    expect(hiddenName.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule: 'plain-text' });
  });

  it('refuses every token of a removed player, in accounts and in campaigns alike', async () => {
    const registered = await graphql(
      GATEWAY,
      `mutation { registerPlayer(input: { email: "leaving@example.org", password: "soon gone", displayName: "Leaving" }) { accessToken } }`,
    );
    const leaving = registered.data!.registerPlayer.accessToken;
    expect((await graphql(GATEWAY, `mutation { createCampaign(input: { gameId: "twom", name: "Last one" }) { id } }`, {}, leaving)).errors).toBeUndefined();

    const removed = await graphql(GATEWAY, `mutation { deleteMyAccount(input: { password: "soon gone" }) { playerId } }`, {}, leaving);
    expect(removed.errors).toBeUndefined();

    const create = await graphql(GATEWAY, `mutation { createCampaign(input: { gameId: "twom", name: "After" }) { id } }`, {}, leaving);
    expect(create.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
    for (const query of ['{ me { id } }', '{ myCampaigns { edges { node { id } } } }']) {
      expect((await graphql(GATEWAY, query, {}, leaving)).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
    }
    // The other players are untouched.
    expect((await graphql(GATEWAY, '{ me { id } }', {}, token)).data!.me).toEqual({ id: playerId });
  });

  it('stops password guessing: after 50 wrong logins the right one is RATE_LIMITED, with a retry time', async () => {
    const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { accessToken } }`;
    for (let i = 0; i < 50; i++) await graphql(GATEWAY, LOGIN, { input: { email: 'e2e@example.org', password: `guess ${i}` } });
    const right = await graphql(GATEWAY, LOGIN, { input: { email: 'e2e@example.org', password: 'a long password' } });
    expect(right.data).toBeNull();
    expect(right.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(right.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  });

  it('shuts every process down cleanly on SIGTERM', async () => {
    const shutdown = await platform.stop();
    expect(shutdown.exitCode).toBe(0);
    expect(shutdown.loggedErrors).toEqual([]);
  }, 60_000);
});
