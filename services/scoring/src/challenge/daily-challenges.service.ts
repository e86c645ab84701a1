import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, BadUserInputError, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import type { ChallengeTerms } from '@scriptbook/games';
import { ScoredGame } from '../games/scored-games';
import { retiredChallengeSecretKey } from '../migrations/retired-redis-layout';
import { ScoringConfig } from '../scoring.config';
import { challengeDateOf, challengeIdOf, parseChallengeDate, utcDay } from './challenge-dates';

const DAY_MS = 24 * 3600 * 1000;

/** A day's challenge as the graph serves it: the game's dealt fields beside the platform's. */
export type ServedChallenge = ChallengeTerms<Record<string, unknown>> & {
  readonly date: string;
  readonly transcript: readonly string[];
  readonly closesAt: Date;
};

/**
 * The day's seed is an HMAC of the challenge id (game and date) under a
 * secret only the servers hold, so nobody can compute a future day's deal;
 * and no day after today is served. Without DAILY_CHALLENGE_SECRET the first
 * replica to need one generates it into Redis, and every replica uses that
 * one.
 */
@Injectable()
export class DailyChallenges {
  private secret: Promise<string> | null = null;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: ScoringConfig,
  ) {}

  /** A game's challenge of a date, today by default; `field` names the argument a bad date came in. */
  async forDate(game: ScoredGame, date: string | null | undefined, now: Date, field = 'date'): Promise<ServedChallenge> {
    const { id, day } = this.open(game, date, now, field);
    const seed = createHmac('sha256', await this.secretValue()).update(id).digest('base64url').slice(0, 22);
    const { challenge, transcript } = game.rules.dealChallenge(seed);
    return { ...(challenge as Record<string, unknown>), id, date: day, transcript, closesAt: new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS) };
  }

  /** The id of a game's challenge of a date, today by default, once the day is open; nothing is dealt. */
  open(game: ScoredGame, date: string | null | undefined, now: Date, field = 'date'): { id: string; day: string } {
    const day = date ?? utcDay(now);
    if (parseChallengeDate(day) === null) throw new BadUserInputError(field, 'format', `${field} is a calendar date, YYYY-MM-DD`);
    if (day > utcDay(now)) throw new BadUserInputError(field, 'not-yet', `the challenge of ${day} is not open yet; today (UTC) is ${utcDay(now)}`);
    return { id: challengeIdOf(game.id, day), day };
  }

  /** The terms a submission naming `challengeId` must meet; only today's challenge takes submissions. */
  async termsFor(game: ScoredGame, challengeId: string, now: Date, at = 'input'): Promise<ServedChallenge> {
    const field = `${at}.challengeId`;
    const day = challengeDateOf(game.id, challengeId);
    if (day === null) throw new BadUserInputError(field, 'format', `${field} is the id ${game.names.queries.dailyChallenge} returned, e.g. ${challengeIdOf(game.id, utcDay(now))}`);
    if (day !== utcDay(now)) throw new BadUserInputError(field, 'challenge-day', `${field}: the challenge of ${day} takes submissions on that day (UTC) only`);
    return this.forDate(game, day, now, field);
  }

  /** One secret for every game: the challenge id the HMAC keys names the game. The secret of the earlier key layout is kept. */
  private secretValue(): Promise<string> {
    if (this.config.DAILY_CHALLENGE_SECRET) return Promise.resolve(this.config.DAILY_CHALLENGE_SECRET);
    this.secret ??= (async () => {
      const key = `${this.config.REDIS_PREFIX}:daily-challenge:secret`;
      let stored = await this.redis.get(key);
      if (!stored) {
        const earlier = await this.redis.get(retiredChallengeSecretKey(this.config.REDIS_PREFIX));
        await this.redis.set(key, earlier ?? randomBytes(32).toString('base64url'), 'NX');
        stored = await this.redis.get(key);
      }
      if (!stored) throw new Error('the daily challenge secret could not be read back from Redis');
      return stored;
    })();
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }
}
