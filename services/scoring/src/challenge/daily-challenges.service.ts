import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, BadUserInputError, REDIS_CLIENT } from '@scriptbook/platform';
import { ScoringConfig } from '../scoring.config';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { ChallengeTerms } from '../zone-survival/zone-survival-submission';
import { challengeDateOf, challengeIdOf, parseChallengeDate, utcDay } from './challenge-dates';
import { DailyChallenge } from './daily-challenge.model';

/**
 * The day's seed is an HMAC of the date under a secret only the servers hold,
 * so nobody can compute a future day's setup; and no day after today is
 * served. Without DAILY_CHALLENGE_SECRET the first replica to need one
 * generates it into Redis, and every replica uses that one.
 */
@Injectable()
export class DailyChallenges {
  private secret: Promise<string> | null = null;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: ScoringConfig,
    private readonly rules: ZoneSurvivalRules,
  ) {}

  /** The challenge of a date, today by default; `field` names the argument a bad date came in. */
  async forDate(date: string | null | undefined, now: Date, field = 'date'): Promise<DailyChallenge> {
    const day = date ?? utcDay(now);
    if (parseChallengeDate(day) === null) throw new BadUserInputError(field, 'format', `${field} is a calendar date, YYYY-MM-DD`);
    if (day > utcDay(now)) throw new BadUserInputError(field, 'not-yet', `the challenge of ${day} is not open yet; today (UTC) is ${utcDay(now)}`);
    const seed = createHmac('sha256', await this.secretValue()).update(challengeIdOf(day)).digest('base64url').slice(0, 22);
    const { setup, mapId } = this.rules.setupFromSeed(seed);
    const result = setup.result;
    return {
      id: challengeIdOf(day),
      date: day,
      scenarioId: result.scenario.id,
      mapId,
      stalkerCount: result.stalkerCount,
      setupCardIds: result.setupCards.flatMap((slot) => (slot.card ? [slot.card.id] : [])),
      eventCardIds: result.eventDeck?.cards?.map((c) => c.id) ?? null,
      setup: result,
      transcript: setup.transcript.map((step) => step.text),
      closesAt: new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000),
    };
  }

  /** The terms a submission naming `challengeId` must meet; only today's challenge takes submissions. */
  async termsFor(challengeId: string, now: Date): Promise<ChallengeTerms> {
    const field = 'input.challengeId';
    const day = challengeDateOf(challengeId);
    if (day === null) throw new BadUserInputError(field, 'format', `${field} is the id dailyChallenge returned, e.g. ${challengeIdOf(utcDay(now))}`);
    if (day !== utcDay(now)) throw new BadUserInputError(field, 'challenge-day', `${field}: the challenge of ${day} takes submissions on that day (UTC) only`);
    return this.forDate(day, now, field);
  }

  private secretValue(): Promise<string> {
    if (this.config.DAILY_CHALLENGE_SECRET) return Promise.resolve(this.config.DAILY_CHALLENGE_SECRET);
    this.secret ??= (async () => {
      const key = `${this.config.REDIS_PREFIX}:zs-daily-challenge:secret`;
      await this.redis.set(key, randomBytes(32).toString('base64url'), 'NX');
      const stored = await this.redis.get(key);
      if (!stored) throw new Error('the daily challenge secret could not be read back from Redis');
      return stored;
    })();
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }
}
