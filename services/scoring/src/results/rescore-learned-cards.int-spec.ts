import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { scoringApp, scoringWorkerApp } from '../scoring.app';
import { BLIZZARD, bossHuntVictory, CAMP, CRITICAL_SHOT, THICKET } from './submission.spec-fixtures';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score verified } } }`;
const RESCORE = `mutation { requestZoneSurvivalRescore { id } }`;
const JOB = `query($id: ID!) { job(id: $id) { state } }`;
const VERIFIED_BOARD = `query { leaderboard(verifiedOnly: true) { edges { node { score player { id } result { id verified } } } } }`;

/**
 * A result stored before the catalogue knew Workshop and The Wall Collapsed,
 * when the player declared both under the Setup deck's ids, becomes verified
 * when the rescore job scores it again: the cards are found under those ids
 * and scored from the catalogue. Real Postgres, Redis and worker.
 */
describe('rescoring results whose declared cards the catalogue has learned', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let worker: RunningService;
  let admin: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    admin = api.app.get(TokenService).issue('admin-zoe').accessToken;
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
  });

  it('scores them from the catalogue, marks the result verified and puts it on the verified-only board', async () => {
    const fay = api.app.get(TokenService).issue('player-fay').accessToken;
    const submitted = await graphql(api.url, SUBMIT, { input: bossHuntVictory(0) }, fay);
    const id = submitted.data!.submitZoneSurvivalResult.result.id as string;
    // Rewrite the stored game as it was submitted before this release: Workshop and The Wall Collapsed declared.
    const legacy = bossHuntVictory(0, {
      cardIds: [THICKET, CAMP, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:the-wall-collapsed', BLIZZARD, CRITICAL_SHOT],
      declaredCards: [
        { cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 1, minus: 0 },
        { cardId: 'stalker-zs:card:setup:the-wall-collapsed', cardType: 'setup', plus: 1, minus: 0 },
      ],
    });
    const results = api.app.get(DataSource).getRepository(ZoneSurvivalResultEntity);
    await results.update({ id }, { input: JSON.stringify(legacy), score: 18, verified: false, scoreVersion: 'before-the-scoring-examples' });
    const verifiedBefore = (await graphql(api.url, VERIFIED_BOARD, {})).data!.leaderboard.edges;
    expect(verifiedBefore.some((e: { node: { player: { id: string } } }) => e.node.player.id === 'player-fay')).toBe(false);

    const job = (await graphql(api.url, RESCORE, {}, admin)).data!.requestZoneSurvivalRescore.id;
    for (let i = 0; i < 100 && (await graphql(api.url, JOB, { id: job }, admin)).data?.job?.state !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const row = await results.findOneByOrFail({ id });
    // 20 + (Thicket 1 + Blizzard 1) − (Critical Shot 2 + Workshop 1 + The Wall Collapsed 1).
    expect(row).toMatchObject({ score: 18, verified: true });
    expect(row.scoreVersion).not.toBe('before-the-scoring-examples');
    expect(JSON.parse(row.breakdown!).cards).toEqual(
      expect.arrayContaining([
        { cardId: 'stalker-zs:card:workshop', plus: 1, minus: 0, source: 'PRINTED' },
        { cardId: 'stalker-zs:card:the-wall-collapsed', plus: 1, minus: 0, source: 'INFERRED' },
      ]),
    );
    const verifiedAfter = (await graphql(api.url, VERIFIED_BOARD, {})).data!.leaderboard.edges.map((e: { node: unknown }) => e.node);
    expect(verifiedAfter).toContainEqual({ score: 18, player: { id: 'player-fay' }, result: { id, verified: true } });
  });
});
