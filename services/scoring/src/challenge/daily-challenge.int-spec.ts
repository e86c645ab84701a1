import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { scoringApp } from '../scoring.app';
import { BoundProcedures } from '@scriptbook/game-host';
import * as stalkerZs from '@scriptbook/games/stalker-zs/rules';
import { SubmittedZsGame } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { utcDay } from './challenge-dates';

const CHALLENGE = `query($date: String) { dailyChallenge(date: $date) { id date scenarioId mapId stalkerCount setupCardIds eventCardIds setup transcript closesAt } }`;
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score challengeId } } }`;
const BOARD = `query { dailyChallengeLeaderboard { totalCount edges { node { rank score player { id } } } } }`;

interface Challenge {
  id: string;
  scenarioId: string;
  mapId: string;
  stalkerCount: number;
  setupCardIds: string[];
  eventCardIds: string[] | null;
  setup: { eventDeck: { size: number } | null; valueTarget: number | null };
}

/** A victory that plays the challenge's setup: its drawn cards, the rest declared, every Request met. */
function victoryOf(challenge: Challenge, content: stalkerZs.ZsContent, clientSubmissionId: string): SubmittedZsGame {
  const setupIds = [...challenge.setupCardIds];
  for (let i = 1; setupIds.length < 4; i++) setupIds.push(`stalker-zs:card:setup:table-drawn-${i}`);
  const eventIds = challenge.eventCardIds ?? Array.from({ length: challenge.setup.eventDeck?.size ?? 0 }, (_, i) => `stalker-zs:card:event:table-drawn-${i + 1}`);
  const cardIds = [...setupIds, ...eventIds];
  const known = (id: string) => content.cards.get(id);
  const declaredCards = cardIds
    .filter((id) => !known(id)?.scoreModifier)
    .map((id) => ({ cardId: id, cardType: id.includes(':event:') ? ('event' as const) : ('setup' as const), plus: 0, minus: 0 }));
  const requests = cardIds.filter((id) => known(id)?.request || known(id)?.tags.includes('Request')).map((cardId) => ({ cardId, met: true }));
  return {
    clientSubmissionId,
    scenarioId: challenge.scenarioId,
    mapId: challenge.mapId,
    stalkerCount: challenge.stalkerCount,
    stalkers: ['Ana', 'Ben', 'Cy', 'Dee'].slice(0, challenge.stalkerCount),
    roundsPlayed: 1,
    ...(challenge.setup.valueTarget !== null ? { collectedValue: challenge.setup.valueTarget } : { objectiveMet: true }),
    requests,
    cardIds,
    declaredCards,
    challengeId: challenge.id,
  };
}

describe('the daily challenge', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let other: RunningService;
  let ana: string;
  let ben: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    // A second replica with no configured secret must agree with the first.
    other = await startService(scoringApp, isolation.postgresEnv('scoring'));
    const tokens = api.app.get(TokenService);
    ana = tokens.issue('ana').accessToken;
    ben = tokens.issue('ben').accessToken;
  });

  afterAll(async () => {
    await other?.stop();
    await api?.stop();
    await isolation.cleanUp();
  });

  it('gives every player and every replica the same setup for a day, drawn by the engine', async () => {
    const forAna = await graphql(api.url, CHALLENGE, {}, ana);
    const forBen = await graphql(other.url, CHALLENGE, {}, ben);
    const anonymous = await graphql(api.url, CHALLENGE, { date: utcDay(new Date()) });
    expect(forAna.errors).toBeUndefined();
    expect(forBen.data!.dailyChallenge).toEqual(forAna.data!.dailyChallenge);
    expect(anonymous.data!.dailyChallenge).toEqual(forAna.data!.dailyChallenge);
    const challenge = forAna.data!.dailyChallenge;
    expect(challenge.id).toBe(`stalker-zs:daily:${utcDay(new Date())}`);
    expect(challenge.setup.setupCards).toHaveLength(4);
    expect(challenge.transcript.length).toBeGreaterThan(0);
  });

  it('draws another setup for another day, and a different secret gives different setups', async () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    const setups = await Promise.all(days.map(async (date) => JSON.stringify((await graphql(api.url, CHALLENGE, { date })).data!.dailyChallenge.setup)));
    expect(new Set(setups).size).toBeGreaterThan(1);
    const keyed = await startService(scoringApp, isolation.postgresEnv('scoring', { DAILY_CHALLENGE_SECRET: 'another-secret-of-at-least-thirty-two-chars' }));
    try {
      const elsewhere = await Promise.all(days.map(async (date) => JSON.stringify((await graphql(keyed.url, CHALLENGE, { date })).data!.dailyChallenge.setup)));
      expect(elsewhere).not.toEqual(setups);
    } finally {
      await keyed.stop();
    }
  });

  it('refuses a day not yet open and a malformed date', async () => {
    const tomorrow = utcDay(new Date(Date.now() + 24 * 3600 * 1000));
    expect((await graphql(api.url, CHALLENGE, { date: tomorrow })).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'date', rule: 'not-yet' });
    expect((await graphql(api.url, CHALLENGE, { date: '2026-02-30' })).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'date', rule: 'format' });
  });

  it('takes a submission that plays the setup once per player, on the day\'s own board, and refuses one that does not', async () => {
    const challenge = (await graphql(api.url, CHALLENGE, {})).data!.dailyChallenge as Challenge;
    const rules = api.app.get(BoundProcedures).contentOf(stalkerZs.zoneSurvivalScoreProcedure.id) as stalkerZs.ZsContent;
    const otherMap = challenge.mapId === 'stalker-zs:map:1' ? 'stalker-zs:map:2' : 'stalker-zs:map:1';
    const mismatch = await graphql(api.url, SUBMIT, { input: { ...victoryOf(challenge, rules, 'challenge-mismatch'), mapId: otherMap } }, ana);
    expect(mismatch.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.mapId', rule: 'challenge-setup' });
    expect((await graphql(api.url, BOARD, {})).data!.dailyChallengeLeaderboard.totalCount).toBe(0);

    const played = await graphql(api.url, SUBMIT, { input: victoryOf(challenge, rules, 'challenge-first') }, ana);
    expect(played.errors).toBeUndefined();
    expect(played.data!.submitZoneSurvivalResult.result.challengeId).toBe(challenge.id);
    const again = await graphql(api.url, SUBMIT, { input: victoryOf(challenge, rules, 'challenge-second') }, ana);
    expect(again.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.challengeId', rule: 'once-per-day' });
    const board = (await graphql(api.url, BOARD, {})).data!.dailyChallengeLeaderboard;
    expect(board.totalCount).toBe(1);
    expect(board.edges[0].node).toMatchObject({ rank: 1, player: { id: 'ana' }, score: played.data!.submitZoneSurvivalResult.result.score });
  });
});
