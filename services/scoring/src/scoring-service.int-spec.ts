import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKS_DIR } from '@scriptbook/content';
import { GameCatalog, stalkerZsGame } from '@scriptbook/games';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { utcDay } from './challenge/challenge-dates';
import { scoringService, scoringWorker } from './scoring-service';
import { tallyGame } from './testing/tally-game';

const SUBMIT = `mutation($input: SubmitTallyResultInput!) { submitTallyResult(input: $input) { result { id table rolls score victory verified breakdown { total } challengeId } } }`;
const BOARD = `query($board: TallyLeaderboardBoardInput) { tallyLeaderboard(board: $board) { totalCount edges { node { rank score player { id } result { id table rolls } } } } }`;
const ZS_SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
const ZS_BOARD = `{ leaderboard { totalCount } }`;
const CHALLENGE = `{ tallyDailyChallenge { id date target transcript } tallyDailyChallengeLeaderboard { totalCount edges { node { score player { id } } } } }`;
const ROOTS = `{ query: __type(name: "Query") { fields { name } } mutation: __type(name: "Mutation") { fields { name } } }`;

let counter = 0;
const tally = (table: string, rolls: number[], extra: Record<string, unknown> = {}) => ({ clientSubmissionId: `tally-game-${++counter}`, table, rolls, ...extra });

/**
 * A catalog holding a game defined only in a test fixture beside Zone
 * Survival: the scoring service serves both, each under its own names, with
 * separate results and boards, and nothing outside the fixture names the
 * test game. Real Postgres, Redis and worker.
 */
describe('a scoring service over a catalog of its own', () => {
  const isolation = new TestIsolation();
  const packsDir = mkdtempSync(join(tmpdir(), 'scoring-packs-'));
  cpSync(join(DEFAULT_PACKS_DIR, stalkerZsGame.id), join(packsDir, stalkerZsGame.id), { recursive: true });
  const source = { catalog: new GameCatalog([stalkerZsGame, tallyGame]), packsDir };
  let api: RunningService;
  let worker: RunningService;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    api = await startService(scoringService('scoring', source), isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    worker = await startService(scoringWorker('scoring-worker', source), isolation.postgresEnv('scoring'));
    for (const name of ['ana', 'ben', 'cy', 'admin-zoe']) tokens[name] = api.app.get(TokenService).issue(name).accessToken;
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    rmSync(packsDir, { recursive: true, force: true });
  });

  it('serves each game under the names its scoring chooses', async () => {
    const roots = (await graphql(api.url, ROOTS)).data!;
    const names = (type: 'query' | 'mutation') => roots[type].fields.map((f: { name: string }) => f.name);
    expect(names('query')).toEqual(
      expect.arrayContaining(['leaderboard', 'myResults', 'dailyChallenge', 'tallyLeaderboard', 'tallyLeaderboardAroundMe', 'tallyGroupLeaderboard', 'tallyMyResults', 'tallyDailyChallenge', 'tallyDailyChallengeLeaderboard']),
    );
    expect(names('mutation')).toEqual(
      expect.arrayContaining(['submitZoneSurvivalResult', 'submitTallyResult', 'setTallyResultHidden', 'requestTallyBoardsRebuild', 'requestTallyRescore', 'requestTallySeasonRollover']),
    );
  });

  it('scores, stores and ranks the test game by its own rules, apart from the other game', async () => {
    const ana = await graphql(api.url, SUBMIT, { input: tally('north', [6, 6, 2]) }, tokens.ana);
    expect(ana.errors).toBeUndefined();
    expect(ana.data!.submitTallyResult.result).toMatchObject({ table: 'north', rolls: 3, score: 14, victory: true, verified: true, breakdown: { total: 14 }, challengeId: null });
    expect((await graphql(api.url, SUBMIT, { input: tally('south', [5, 6]) }, tokens.ben)).errors).toBeUndefined();
    const defeat = await graphql(api.url, SUBMIT, { input: tally('north', [1, 2]) }, tokens.cy);
    expect(defeat.data!.submitTallyResult.result).toMatchObject({ victory: false, score: null, breakdown: null });
    expect((await graphql(api.url, ZS_SUBMIT, { input: bossHuntVictory(1) }, tokens.cy)).errors).toBeUndefined();

    const overall = (await graphql(api.url, BOARD, {})).data!.tallyLeaderboard;
    expect(overall.edges.map((e: { node: { rank: number; score: number; player: { id: string } } }) => [e.node.rank, e.node.player.id, e.node.score])).toEqual([
      [1, 'ana', 14],
      [2, 'ben', 11],
    ]);
    expect(overall.edges[0].node.result).toEqual({ id: ana.data!.submitTallyResult.result.id, table: 'north', rolls: 3 });
    expect((await graphql(api.url, BOARD, { board: { table: 'south' } })).data!.tallyLeaderboard.totalCount).toBe(1);
    expect((await graphql(api.url, ZS_BOARD)).data!.leaderboard.totalCount).toBe(1);
    const mine = await graphql(api.url, `{ myResults { edges { node { score } } } tallyMyResults { edges { node { score table } } } }`, {}, tokens.cy);
    expect(mine.data).toEqual({ myResults: { edges: [{ node: { score: 21 } }] }, tallyMyResults: { edges: [{ node: { score: null, table: 'north' } }] } });
  });

  it('names the field and the rule of the test game\'s refusals, and stores nothing', async () => {
    const bad = await graphql(api.url, SUBMIT, { input: tally('north', [6, 7]) }, tokens.ana);
    expect(bad.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.rolls[1]', rule: 'range' });
    expect((await graphql(api.url, BOARD, { board: { table: 'east' } })).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'board.table', rule: 'unknown' });
    expect((await graphql(api.url, SUBMIT, { input: tally('north', [6], { clientSubmissionId: 'x' }) }, tokens.ana)).errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.clientSubmissionId',
      rule: 'format',
    });
    expect((await graphql(api.url, `{ tallyMyResults { edges { node { id } } } }`, {}, tokens.ana)).data!.tallyMyResults.edges).toHaveLength(1);
  });

  it('deals the test game\'s daily challenge, holds a submission to it, and ranks it on the day\'s board', async () => {
    const { tallyDailyChallenge: challenge } = (await graphql(api.url, CHALLENGE)).data!;
    expect(challenge).toMatchObject({ id: `${tallyGame.id}:daily:${utcDay(new Date())}`, transcript: [`The target is ${challenge.target}`] });
    const short = await graphql(api.url, SUBMIT, { input: tally('north', [1], { challengeId: challenge.id }) }, tokens.ben);
    expect(short.data!.submitTallyResult.result).toMatchObject({ victory: false, challengeId: challenge.id });
    const reached = await graphql(api.url, SUBMIT, { input: tally('north', [6, 6, 6, 6], { challengeId: challenge.id }) }, tokens.ana);
    expect(reached.data!.submitTallyResult.result).toMatchObject({ victory: true, score: 24 });
    expect((await graphql(api.url, CHALLENGE)).data!.tallyDailyChallengeLeaderboard).toEqual({ totalCount: 1, edges: [{ node: { score: 24, player: { id: 'ana' } } }] });
    // The other game's challenge id is not this game's.
    const foreign = await graphql(api.url, SUBMIT, { input: tally('north', [6, 6], { challengeId: `${stalkerZsGame.id}:daily:${utcDay(new Date())}` }) }, tokens.cy);
    expect(foreign.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.challengeId', rule: 'format' });
  });

  it('rebuilds and moderates the test game\'s boards as its own jobs and mutations', async () => {
    const before = (await graphql(api.url, BOARD, {})).data!.tallyLeaderboard;
    const job = (await graphql(api.url, `mutation { requestTallyBoardsRebuild { id kind } }`, {}, tokens['admin-zoe'])).data!.requestTallyBoardsRebuild;
    expect(job.kind).toBe('tally-boards-rebuild');
    for (let i = 0; i < 100 && (await graphql(api.url, `query($id: ID!) { job(id: $id) { state } }`, { id: job.id }, tokens['admin-zoe'])).data?.job?.state !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await graphql(api.url, BOARD, {})).data!.tallyLeaderboard).toEqual(before);
    expect((await graphql(api.url, ZS_BOARD)).data!.leaderboard.totalCount).toBe(1);

    const anasBest = before.edges[0].node.result.id;
    const hidden = await graphql(api.url, `mutation($id: ID!) { setTallyResultHidden(id: $id, hidden: true) { id visible } }`, { id: anasBest }, tokens['admin-zoe']);
    expect(hidden.data!.setTallyResultHidden).toEqual({ id: anasBest, visible: false });
    const after = (await graphql(api.url, BOARD, {})).data!.tallyLeaderboard;
    expect(after.edges.map((e: { node: { score: number; player: { id: string } } }) => [e.node.player.id, e.node.score])).toEqual([
      ['ana', 14],
      ['ben', 11],
    ]);
    // A result of one game is not found through the other's moderation.
    const zsResult = (await graphql(api.url, `{ myResults { edges { node { id } } } }`, {}, tokens.cy)).data!.myResults.edges[0].node.id;
    const crossed = await graphql(api.url, `mutation($id: ID!) { setTallyResultHidden(id: $id, hidden: true) { id } }`, { id: zsResult }, tokens['admin-zoe']);
    expect(crossed.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
  });
});
