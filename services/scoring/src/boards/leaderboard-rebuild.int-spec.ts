import { GAMES, stalkerZsGame } from '@scriptbook/games';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { scoringApp, scoringWorkerApp } from '../scoring.app';

const REQUEST = `mutation($gameId: ID!) { requestLeaderboardRebuild(gameId: $gameId) { id kind state } }`;
const REBUILD = `mutation { requestZoneSurvivalBoardsRebuild { id kind } }`;
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
const BOARD = `{ leaderboard { totalCount edges { node { score player { id } } } } }`;
const JOB = `query($id: ID!) { job(id: $id) { state progress } }`;
const DEPRECATION = `{ __type(name: "Mutation") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }`;

/**
 * The deprecated `requestLeaderboardRebuild(gameId)` asks for the named
 * game's live boards to be rebuilt, with the same job and the same
 * administrators as the game's own rebuild mutation. Real Postgres, Redis
 * and worker.
 */
describe('requestLeaderboardRebuild, deprecated', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let worker: RunningService | undefined;
  let admin: string;
  let player: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    const tokens = api.app.get(TokenService);
    admin = tokens.issue('admin-zoe').accessToken;
    player = tokens.issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
  });

  it('is deprecated in favour of the game\'s own rebuild mutation', async () => {
    const fields = (await graphql(api.url, DEPRECATION)).data!.__type.fields as { name: string; isDeprecated: boolean; deprecationReason: string | null }[];
    expect(fields.find((f) => f.name === 'requestLeaderboardRebuild')).toEqual({
      name: 'requestLeaderboardRebuild',
      isDeprecated: true,
      deprecationReason: 'Use `requestZoneSurvivalBoardsRebuild` instead. Deprecated 2026-12-01, removed after 2027-06-01.',
    });
  });

  it('refuses anyone but a scoring administrator, an unknown game and a game whose results are not ranked', async () => {
    expect((await graphql(api.url, REQUEST, { gameId: stalkerZsGame.id })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect((await graphql(api.url, REQUEST, { gameId: stalkerZsGame.id }, player)).errors![0].extensions).toEqual({ code: 'FORBIDDEN', rule: 'scoring-admin' });
    expect((await graphql(api.url, REQUEST, { gameId: 'chess' }, admin)).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'gameId', rule: 'known-game' });
    const unranked = GAMES.find((game) => !('scoring' in game))!;
    expect((await graphql(api.url, REQUEST, { gameId: unranked.id }, admin)).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'gameId', rule: 'scored-game' });
  });

  it('queues the game\'s boards rebuild, the one its own mutation joins, and the worker rebuilds the boards', async () => {
    const submitted = await graphql(api.url, SUBMIT, { input: bossHuntVictory(3) }, player);
    expect(submitted.errors).toBeUndefined();
    const requested = (await graphql(api.url, REQUEST, { gameId: stalkerZsGame.id }, admin)).data!.requestLeaderboardRebuild;
    expect(requested).toMatchObject({ kind: 'zs-boards-rebuild', state: 'WAITING' });
    expect((await graphql(api.url, REBUILD, {}, admin)).data!.requestZoneSurvivalBoardsRebuild).toEqual({ id: requested.id, kind: 'zs-boards-rebuild' });

    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    for (let i = 0; i < 100 && (await graphql(api.url, JOB, { id: requested.id }, admin)).data?.job?.state !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await graphql(api.url, JOB, { id: requested.id }, admin)).data!.job).toEqual({ state: 'COMPLETED', progress: 100 });
    expect((await graphql(api.url, BOARD)).data!.leaderboard).toEqual({ totalCount: 1, edges: [{ node: { score: 23, player: { id: 'player-ana' } } }] });
  });
});
