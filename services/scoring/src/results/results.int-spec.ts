import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { stalkerZsGame } from '@scriptbook/games';
import { gameBoardsPrefix } from '../boards/board-keys';
import { scoringApp } from '../scoring.app';
import { BLIZZARD, bossHuntVictory, CAMP, CRITICAL_SHOT, FLOODED, knownCardsVictory, printedCardsVictory, PSIONIC_ATTACK, SCATTERED_ARTIFACTS, THICKET, WALL_COLLAPSED, WORKSHOP } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { BoardOutboxEntity, ResultEntity } from './result.entity';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) {
  submitZoneSurvivalResult(input: $input) { result { id score verified victory breakdown { victoryPoints minusIcons plusIcons valueBonus cards { cardId plus minus source } } } }
}`;
const MINE = `query($first: Int, $after: String) { myResults(first: $first, after: $after) { edges { cursor node { id score victory } } pageInfo { hasNextPage endCursor } } }`;

async function eventually(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe('submitZoneSurvivalResult on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let limited: RunningService;
  let data: DataSource;
  let ana: string;
  let ben: string;

  const stored = () => data.getRepository(ResultEntity).count();
  const boardKeys = async () => (await redis.keys(`${gameBoardsPrefix(isolation.redisPrefix, stalkerZsGame.id)}*`)).sort();

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    // Nothing answers where campaigns would: a submission from a campaign that gets as far as reading its record is refused SERVICE_UNAVAILABLE.
    limited = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_SUBMISSIONS_PER_MINUTE: '2', CAMPAIGNS_URL: 'http://127.0.0.1:9/graphql' }));
    data = api.app.get(DataSource);
    const tokens = api.app.get(TokenService);
    ana = tokens.issue('player-ana').accessToken;
    ben = tokens.issue('player-ben').accessToken;
  });

  afterAll(async () => {
    await limited?.stop();
    await api?.stop();
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('scores a victory with the engine, card by card, and marks declared modifiers unverified', async () => {
    const response = await graphql(api.url, SUBMIT, { input: bossHuntVictory(3) }, ana);
    expect(response.errors).toBeUndefined();
    const result = response.data!.submitZoneSurvivalResult.result;
    // 20 + minus icons (Thicket 1, Blizzard 1, Flooded Room 3 declared) − plus icons (Critical Shot 2).
    expect(result).toMatchObject({ score: 23, verified: false, victory: true });
    expect(result.breakdown).toMatchObject({ victoryPoints: 20, minusIcons: 5, plusIcons: 2, valueBonus: 0 });
    const sources = Object.fromEntries(result.breakdown.cards.map((c: { cardId: string; source: string }) => [c.cardId, c.source]));
    expect(sources).toMatchObject({ [THICKET]: 'PRINTED', [CAMP]: 'INFERRED', [FLOODED]: 'DECLARED', [BLIZZARD]: 'PRINTED' });
    // Acknowledged means on the boards; the outbox row goes right after, off the answer's path.
    const board = await graphql(api.url, `{ leaderboard { edges { node { score result { id } } } } }`);
    expect(board.data!.leaderboard.edges).toContainEqual({ node: { score: 23, result: { id: result.id } } });
    await eventually(async () => (await data.getRepository(BoardOutboxEntity).count()) === 0, 'the outbox row is cleared');
  });

  it('verifies a result made only of cards whose modifiers the seed prints, those it names only in its scoring examples included', async () => {
    const eve = api.app.get(TokenService).issue('player-eve').accessToken;
    const response = await graphql(api.url, SUBMIT, { input: printedCardsVictory() }, eve);
    expect(response.errors).toBeUndefined();
    const result = response.data!.submitZoneSurvivalResult.result;
    // 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2) − (Workshop 1 + Scattered Artifacts 2 + Critical Shot 2).
    expect(result).toMatchObject({ score: 19, verified: true, victory: true });
    expect(result.breakdown.cards.every((c: { source: string }) => c.source === 'PRINTED')).toBe(true);
    expect((await data.getRepository(ResultEntity).findOneByOrFail({ id: result.id })).verified).toBe(true);
  });

  it('scores cards whose modifiers the catalogue infers but never verifies the result', async () => {
    const dee = api.app.get(TokenService).issue('player-dee').accessToken;
    const response = await graphql(api.url, SUBMIT, { input: knownCardsVictory() }, dee);
    expect(response.errors).toBeUndefined();
    const result = response.data!.submitZoneSurvivalResult.result;
    // 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2) − (Critical Shot 2 + Workshop 1 + The Wall Collapsed 1 + Scattered Artifacts 2).
    expect(result).toMatchObject({ score: 18, verified: false, victory: true, breakdown: { minusIcons: 4, plusIcons: 6 } });
    const sources = Object.fromEntries(result.breakdown.cards.map((c: { cardId: string; source: string }) => [c.cardId, c.source]));
    expect(sources).toEqual({
      [THICKET]: 'PRINTED',
      [CAMP]: 'INFERRED',
      [WORKSHOP]: 'PRINTED',
      [WALL_COLLAPSED]: 'INFERRED',
      [BLIZZARD]: 'PRINTED',
      [CRITICAL_SHOT]: 'PRINTED',
      [PSIONIC_ATTACK]: 'PRINTED',
      [SCATTERED_ARTIFACTS]: 'PRINTED',
    });
    const row = await data.getRepository(ResultEntity).findOneByOrFail({ id: result.id });
    expect(row).toMatchObject({ verified: false, score: 18 });
  });

  it('returns the stored result for a retried submission and counts it once', async () => {
    const input = bossHuntVictory(1);
    const before = await stored();
    const first = await graphql(api.url, SUBMIT, { input }, ben);
    const again = await graphql(api.url, SUBMIT, { input }, ben);
    expect(again.data!.submitZoneSurvivalResult.result.id).toBe(first.data!.submitZoneSurvivalResult.result.id);
    expect(await stored()).toBe(before + 1);
    const reused = await graphql(api.url, SUBMIT, { input: { ...bossHuntVictory(2), clientSubmissionId: input.clientSubmissionId } }, ben);
    expect(reused.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.clientSubmissionId', rule: 'reused' });
    expect(await stored()).toBe(before + 1);
  });

  it('records a defeat without a score or a board entry', async () => {
    const keysBefore = await boardKeys();
    const input = bossHuntVictory(4, { requests: [{ cardId: THICKET, met: false }] });
    const response = await graphql(api.url, SUBMIT, { input }, ana);
    expect(response.data!.submitZoneSurvivalResult.result).toMatchObject({ victory: false, score: null, breakdown: null });
    expect(await boardKeys()).toEqual(keysBefore);
  });

  const onlyFlooded = [{ cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 }];
  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an unknown card', { cardIds: [THICKET, CAMP, FLOODED, 'stalker-zs:card:setup:nowhere', BLIZZARD], declaredCards: onlyFlooded }, 'input.cardIds[3]', 'unknown'],
    ['a card twice', { cardIds: [THICKET, CAMP, FLOODED, FLOODED, BLIZZARD], declaredCards: onlyFlooded }, 'input.cardIds[3]', 'unique'],
    ['one card under two of its names', { cardIds: [...knownCardsVictory().cardIds, WORKSHOP], declaredCards: [] }, 'input.cardIds[8]', 'unique'],
    ['three Setup cards', { cardIds: [THICKET, CAMP, FLOODED, BLIZZARD], declaredCards: onlyFlooded }, 'input.cardIds', 'setup-card-count'],
    ['five Stalkers', { stalkerCount: 5, stalkers: ['A', 'B', 'C', 'D', 'E'] }, 'input.stalkerCount', 'range'],
    ['Stalkers that do not match the count', { stalkers: ['Ana'] }, 'input.stalkers', 'matches-stalker-count'],
    ['a Stalker twice', { stalkers: ['Ana', 'ana'] }, 'input.stalkers[1]', 'unique'],
    ['a Stalker named with NUL', { stalkers: ['Ana', 'Be\u0000n'] }, 'input.stalkers[1]', 'plain-text'],
    ['a Stalker named with a C0 control', { stalkers: ['An\u001Ba', 'Ben'] }, 'input.stalkers[0]', 'plain-text'],
    ['a Stalker named with a right-to-left override', { stalkers: ['Ana', '\u202Eneb'] }, 'input.stalkers[1]', 'plain-text'],
    ['a Stalker named with nothing visible', { stalkers: ['Ana', '   '] }, 'input.stalkers[1]', 'min'],
    ['a Stalker name too long', { stalkers: ['Ana', 'B'.repeat(65)] }, 'input.stalkers[1]', 'max'],
    ['an unknown Map', { mapId: 'stalker-zs:map:11' }, 'input.mapId', 'unknown'],
    ['an unknown Scenario', { scenarioId: 'stalker-zs:scenario:picnic' }, 'input.scenarioId', 'unknown'],
    ['no Rounds played', { roundsPlayed: 0 }, 'input.roundsPlayed', 'range'],
    ['a printed modifier declared', { declaredCards: [{ cardId: BLIZZARD, cardType: 'event', plus: 0, minus: 5 }] }, 'input.declaredCards[0].cardId', 'modifier-known'],
    ['an unscorable card left undeclared on a victory', { declaredCards: onlyFlooded }, 'input.declaredCards', 'required'],
    ['a Request card left out of requests', { requests: [] }, 'input.requests', 'required'],
    ['a bad submission id', { clientSubmissionId: 'x' }, 'input.clientSubmissionId', 'format'],
    ['a challenge of another day', { challengeId: 'stalker-zs:daily:2020-01-01' }, 'input.challengeId', 'challenge-day'],
    ['impossible declared icons', { declaredCards: [{ cardId: FLOODED, cardType: 'setup', plus: 0, minus: 99 }, { cardId: 'stalker-zs:card:setup:mysterious-cave', cardType: 'setup', plus: 0, minus: 0 }] }, 'input.declaredCards[0].minus', 'range'],
  ];

  it.each(refusals)('refuses %s as BAD_USER_INPUT naming field and rule, storing nothing', async (_what, override, field, rule) => {
    const before = await stored();
    const keysBefore = await boardKeys();
    const response = await graphql(api.url, SUBMIT, { input: bossHuntVictory(0, override) }, ana);
    expect(response.data).toBeNull();
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
    expect(await stored()).toBe(before);
    expect(await boardKeys()).toEqual(keysBefore);
  });

  it('needs a token to submit or to read one\'s history', async () => {
    const anonymous = await graphql(api.url, SUBMIT, { input: bossHuntVictory() });
    expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect((await graphql(api.url, MINE, {})).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('pages a player\'s own history newest first, and only theirs', async () => {
    const first = await graphql(api.url, MINE, { first: 1 }, ana);
    const page = first.data!.myResults;
    expect(page.edges).toHaveLength(1);
    expect(page.edges[0].node).toMatchObject({ victory: false, score: null });
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await graphql(api.url, MINE, { first: 10, after: page.pageInfo.endCursor }, ana);
    expect(rest.data!.myResults.edges.map((e: { node: { score: number } }) => e.node.score)).toEqual([23]);
    const bens = await graphql(api.url, MINE, {}, ben);
    expect(bens.data!.myResults.edges.map((e: { node: { score: number } }) => e.node.score)).toEqual([21]);
    const badCursor = await graphql(api.url, MINE, { after: 'nope' }, ana);
    expect(badCursor.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'after', rule: 'cursor' });
  });

  it('rate-limits submissions per player with RATE_LIMITED and retryAfter, and a retry is not counted', async () => {
    const tokens = limited.app.get(TokenService);
    const cy = tokens.issue('player-cy').accessToken;
    const input = bossHuntVictory(0);
    expect((await graphql(limited.url, SUBMIT, { input }, cy)).errors).toBeUndefined();
    expect((await graphql(limited.url, SUBMIT, { input }, cy)).errors).toBeUndefined();
    expect((await graphql(limited.url, SUBMIT, { input: bossHuntVictory(1) }, cy)).errors).toBeUndefined();
    const before = await stored();
    const refused = await graphql(limited.url, SUBMIT, { input: bossHuntVictory(2) }, cy);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
  });

  it('counts a submission from a campaign before reading its record, so a player over the limit costs campaigns nothing', async () => {
    const fay = limited.app.get(TokenService).issue('player-fay').accessToken;
    const fromCampaign = (n: number) => ({ campaignId: `campaign-${n}`, clientSubmissionId: `from-campaign-${n}`, objectiveMet: true, tableCardIds: [], declaredCards: [] });
    const SUBMIT_FROM_CAMPAIGN = `mutation($fromCampaign: SubmitZoneSurvivalResultFromCampaignInput) { submitZoneSurvivalResult(fromCampaign: $fromCampaign) { result { id } } }`;
    for (const n of [1, 2]) {
      const tried = await graphql(limited.url, SUBMIT_FROM_CAMPAIGN, { fromCampaign: fromCampaign(n) }, fay);
      expect(tried.errors![0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    const refused = await graphql(limited.url, SUBMIT_FROM_CAMPAIGN, { fromCampaign: fromCampaign(3) }, fay);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
  });
});
