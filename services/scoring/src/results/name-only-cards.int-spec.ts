import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { BLIZZARD, bossHuntVictory, CAMP, CRITICAL_SHOT, FLOODED, THICKET } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { scoringApp } from '../scoring.app';
import { ResultEntity } from './result.entity';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) {
  submitZoneSurvivalResult(input: $input) { result { id score verified victory breakdown { cards { cardId plus minus source } } } }
}`;
const BOARD = `query($verifiedOnly: Boolean) { leaderboard(verifiedOnly: $verifiedOnly) { edges { node { result { id } } } } }`;

/** Known by name only, from the Scripts: Safe may be a Setup or an Event card; Kalyna is read as a Character card. */
const SAFE = 'stalker-zs:card:safe';
const KALYNA = 'stalker-zs:card:kalyna';
const FLOODED_DECLARED = { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 };

/** A Boss Hunt victory whose fourth Setup card is the Safe and whose table had Kalyna in play. */
const withSafeAndKalyna = (declaredCards: unknown[]) =>
  bossHuntVictory(0, { cardIds: [THICKET, CAMP, FLOODED, 'stalker-zs:card:setup:safe', KALYNA, BLIZZARD, CRITICAL_SHOT], declaredCards: declaredCards as never });

describe('a card the Scripts name but the catalogue cannot score, submitted to the scoring service', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let data: DataSource;
  let token: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    data = api.app.get(DataSource);
    token = api.app.get(TokenService).issue('player-kalyna-fan').accessToken;
  });

  afterAll(async () => {
    await api?.stop();
    await isolation.cleanUp();
  });

  it('is scored with the declared modifier, stored unverified, and kept off the verified-only board', async () => {
    const input = withSafeAndKalyna([
      FLOODED_DECLARED,
      { cardId: 'stalker-zs:card:setup:safe', cardType: 'setup', plus: 1, minus: 0 },
      { cardId: KALYNA, cardType: 'character', plus: 0, minus: 2 },
    ]);
    const response = await graphql(api.url, SUBMIT, { input }, token);
    expect(response.errors).toBeUndefined();
    const result = response.data!.submitZoneSurvivalResult.result;
    // 20 + (Thicket 1 + Blizzard 1 + Kalyna 2) − (Critical Shot 2 + Safe 1).
    expect(result).toMatchObject({ victory: true, score: 21, verified: false });
    expect(result.breakdown.cards).toEqual(
      expect.arrayContaining([
        { cardId: SAFE, plus: 1, minus: 0, source: 'DECLARED' },
        { cardId: KALYNA, plus: 0, minus: 2, source: 'DECLARED' },
      ]),
    );
    expect(await data.getRepository(ResultEntity).findOneByOrFail({ id: result.id })).toMatchObject({ verified: false });
    const ids = async (verifiedOnly: boolean) => (await graphql(api.url, BOARD, { verifiedOnly })).data!.leaderboard.edges.map((edge: { node: { result: { id: string } } }) => edge.node.result.id);
    expect(await ids(false)).toContain(result.id);
    expect(await ids(true)).not.toContain(result.id);
  });

  const refusals: [string, unknown[], string, string][] = [
    ['without a declaration', [FLOODED_DECLARED, { cardId: SAFE, cardType: 'setup', plus: 0, minus: 0 }], 'input.declaredCards', 'required'],
    ['declared as a type the seed leaves it no room for', [FLOODED_DECLARED, { cardId: SAFE, cardType: 'setup', plus: 0, minus: 0 }, { cardId: KALYNA, cardType: 'setup', plus: 0, minus: 0 }], 'input.declaredCards[2].cardType', 'card-type'],
  ];

  it.each(refusals)('is refused %s, naming field and rule, and nothing is stored', async (_what, declaredCards, field, rule) => {
    const before = await data.getRepository(ResultEntity).count();
    const response = await graphql(api.url, SUBMIT, { input: withSafeAndKalyna(declaredCards) }, token);
    expect(response.data).toBeNull();
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
    expect(await data.getRepository(ResultEntity).count()).toBe(before);
  });
});
