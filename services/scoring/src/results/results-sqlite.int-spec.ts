import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { scoringApp } from '../scoring.app';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score recordedAt } } }`;
const BOARD = `{ leaderboard { edges { node { rank score player { id } result { id recordedAt } } } } }`;

/** The zero-configuration run keeps results in SQLite: the same migrations, the same answers. */
describe('Zone Survival results on SQLite', () => {
  const isolation = new TestIsolation();
  const dir = mkdtempSync(join(tmpdir(), 'scoring-sqlite-'));
  let api: RunningService;

  beforeAll(async () => {
    const env = isolation.postgresEnv('scoring', { SQLITE_DIR: dir });
    delete env.DATABASE_URL;
    delete env.DATABASE_SCHEMA;
    api = await startService(scoringApp, env);
  });

  afterAll(async () => {
    await api?.stop();
    await isolation.cleanUp();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a result once, ranks it, and resolves it from the board', async () => {
    const token = api.app.get(TokenService).issue('ana').accessToken;
    const input = bossHuntVictory(2);
    const first = await graphql(api.url, SUBMIT, { input }, token);
    expect(first.errors).toBeUndefined();
    const again = await graphql(api.url, SUBMIT, { input }, token);
    expect(again.data).toEqual(first.data);
    const { id, recordedAt } = first.data!.submitZoneSurvivalResult.result;
    const board = await graphql(api.url, BOARD);
    expect(board.data!.leaderboard.edges).toEqual([{ node: { rank: 1, score: 22, player: { id: 'ana' }, result: { id, recordedAt } } }]);
  });

  it('takes submissions that arrive together: SQLite\'s one connection serves their writes in turn', async () => {
    const tokens = api.app.get(TokenService);
    const players = Array.from({ length: 8 }, (_, i) => `player-${i}`);
    const answers = await Promise.all(players.map((player, i) => graphql(api.url, SUBMIT, { input: bossHuntVictory(i % 5) }, tokens.issue(player).accessToken)));
    expect(answers.map((answer) => answer.errors)).toEqual(players.map(() => undefined));
    const board = await graphql(api.url, `{ leaderboard(first: 50) { totalCount } }`);
    expect(board.data!.leaderboard.totalCount).toBe(1 + players.length);
  });
});
