import { DataSource, Repository } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { scoringApp, scoringWorkerApp } from '../scoring.app';
import { knownCardsVictory, printedCardsVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { ResultEntity } from './result.entity';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score verified } } }`;
const JOB = `query($id: ID!) { job(id: $id) { state } }`;
const VERIFIED_BOARD = `query { leaderboard(verifiedOnly: true) { edges { node { score player { id } result { id verified } } } } }`;
const ALL_BOARD = `query { leaderboard { edges { node { score result { id } } } } }`;

/**
 * Results stored under earlier rules, scored again by the rescore job on real
 * Postgres, Redis and worker: one whose declared card the catalogue has since
 * learned becomes verified; one stored as verified while an inferred modifier
 * (The Wall Collapsed's) still counted so loses its verification and leaves
 * the verified-only board, keeping its place on the board of all results.
 */
describe('rescoring results stored under earlier rules', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let worker: RunningService;
  let admin: string;
  let results: Repository<ResultEntity>;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    admin = api.app.get(TokenService).issue('admin-zoe').accessToken;
    results = api.app.get(DataSource).getRepository(ResultEntity);
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
  });

  async function submitAs(player: string, input: object): Promise<string> {
    const submitted = await graphql(api.url, SUBMIT, { input }, api.app.get(TokenService).issue(player).accessToken);
    expect(submitted.errors).toBeUndefined();
    return submitted.data!.submitZoneSurvivalResult.result.id as string;
  }

  async function runJob(mutation: string): Promise<void> {
    const answer = (await graphql(api.url, `mutation { ${mutation} { id } }`, {}, admin)).data!;
    const job = answer[mutation].id;
    for (let i = 0; i < 100 && (await graphql(api.url, JOB, { id: job }, admin)).data?.job?.state !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const onBoard = async (query: string, id: string) =>
    (await graphql(api.url, query, {})).data!.leaderboard.edges.some((e: { node: { result: { id: string } } }) => e.node.result.id === id);

  it('scores a card once declared from the catalogue that now prints it, marks the result verified and puts it on the verified-only board', async () => {
    const id = await submitAs('player-fay', printedCardsVictory());
    // Rewrite the stored game as it was submitted before the catalogue knew Workshop: declared under the Setup deck's id.
    const legacy = printedCardsVictory({ declaredCards: [{ cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 1, minus: 0 }] });
    await results.update({ id }, { input: JSON.stringify(legacy), score: 19, verified: false, scoreVersion: 'before-the-scoring-examples' });
    await runJob('requestZoneSurvivalBoardsRebuild');
    expect(await onBoard(VERIFIED_BOARD, id)).toBe(false);

    await runJob('requestZoneSurvivalRescore');

    const row = await results.findOneByOrFail({ id });
    expect(row).toMatchObject({ score: 19, verified: true });
    expect(row.scoreVersion).not.toBe('before-the-scoring-examples');
    expect(JSON.parse(row.breakdown!).cards).toContainEqual({ cardId: 'stalker-zs:card:workshop', plus: 1, minus: 0, source: 'PRINTED' });
    expect(await onBoard(VERIFIED_BOARD, id)).toBe(true);
  });

  it('takes verification from a result stored as verified with an inferred modifier: off the verified-only board, still on the board of all results', async () => {
    const id = await submitAs('player-gus', knownCardsVictory());
    expect((await results.findOneByOrFail({ id })).verified).toBe(false);
    // As score version 1 stored it: The Wall Collapsed's and Abandoned Stalker Camp's inferred modifiers counted as verified.
    await results.update({ id }, { verified: true, scoreVersion: '1:before-inferred-was-unverified' });
    await runJob('requestZoneSurvivalBoardsRebuild');
    expect(await onBoard(VERIFIED_BOARD, id)).toBe(true);

    await runJob('requestZoneSurvivalRescore');

    const row = await results.findOneByOrFail({ id });
    // 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2) − (Critical Shot 2 + Workshop 1 + The Wall Collapsed 1 + Scattered Artifacts 2).
    expect(row).toMatchObject({ score: 18, verified: false });
    expect(JSON.parse(row.breakdown!).cards).toContainEqual({ cardId: 'stalker-zs:card:the-wall-collapsed', plus: 1, minus: 0, source: 'INFERRED' });
    expect(await onBoard(VERIFIED_BOARD, id)).toBe(false);
    expect(await onBoard(ALL_BOARD, id)).toBe(true);
  });
});
