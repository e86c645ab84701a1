import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import {
  APP_CONFIG,
  BadUserInputError,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  isUniqueViolation,
  LOGGER,
  Logger,
  pageSize,
  RateLimitedError,
  RedisRateLimiter,
  REDIS_CLIENT,
  timeOrderedId,
  toConnection,
} from '@scriptbook/platform';
import { In, LessThan } from 'typeorm';
import { BoardStore } from '../boards/board-store';
import { DailyChallenges } from '../challenge/daily-challenges.service';
import { BoardOutbox } from '../outbox/board-outbox';
import { ScoringConfig } from '../scoring.config';
import { checkSubmission } from '../zone-survival/check-submission';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { CheckedResult, ZoneSurvivalSubmission } from '../zone-survival/zone-survival-submission';
import { scoreInputOf } from './rescore';
import { toRanked, toResult } from './result-mapping';
import { storeResult } from './store-result';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from './zone-survival-result.entity';
import { ScoreBreakdown, ZoneSurvivalResult } from './zone-survival-result.model';

const inputHash = (json: string): string => createHash('sha256').update(json).digest('hex');

@Injectable()
export class ResultsService {
  private readonly limiter: RedisRateLimiter;
  private readonly outbox: BoardOutbox;
  readonly boards: BoardStore;

  constructor(
    private readonly data: DataSource,
    private readonly rules: ZoneSurvivalRules,
    private readonly challenges: DailyChallenges,
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: ScoringConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.limiter = new RedisRateLimiter(redis, config.REDIS_PREFIX);
    this.boards = new BoardStore(redis, config.REDIS_PREFIX);
    this.outbox = new BoardOutbox(data, this.boards);
  }

  /**
   * A new submission is counted, checked, scored by the engine, and stored
   * with its outbox row in one statement; the board entries follow, and the
   * worker's sweep delivers them if this process dies first. A retry is
   * found by the unique index on (player, clientSubmissionId) when the
   * insert fails, so first attempts pay no lookup; a retry still gets the
   * stored result when the player is over the rate limit or the submission
   * would no longer pass (yesterday's challenge).
   */
  async submit(playerId: string, input: ZoneSurvivalSubmission, now = new Date()): Promise<ZoneSurvivalResult> {
    const json = JSON.stringify(input);
    const hash = inputHash(json);
    const rule = { name: 'zs-submit', limit: this.config.SCORING_SUBMISSIONS_PER_MINUTE, windowSeconds: 60 };
    // A retry is free: found after the fact, its attempt is given back.
    const retried = async (): Promise<ZoneSurvivalResult | null> => {
      const earlier = await this.findRetry(playerId, input.clientSubmissionId, hash);
      if (earlier) await this.limiter.refund(rule, playerId, now.getTime());
      return earlier;
    };
    const decision = await this.limiter.consume(rule, playerId, now.getTime());
    if (decision.limited) {
      const earlier = await retried();
      if (earlier) return earlier;
      throw new RateLimitedError(decision.retryAfter!);
    }

    let checked: CheckedResult;
    try {
      const terms = input.challengeId ? await this.challenges.termsFor(input.challengeId, now) : null;
      checked = checkSubmission(this.rules.content, input, terms, (content) => this.rules.score(scoreInputOf(input), content));
    } catch (error) {
      const earlier = error instanceof BadUserInputError ? await retried() : null;
      if (earlier) return earlier;
      throw error;
    }

    const row: ZoneSurvivalResultEntity = {
      id: timeOrderedId(now.getTime()),
      playerId,
      clientSubmissionId: input.clientSubmissionId,
      inputHash: hash,
      scenarioId: input.scenarioId,
      mapId: input.mapId,
      stalkerCount: input.stalkerCount,
      roundsPlayed: input.roundsPlayed,
      victory: checked.victory,
      score: checked.score,
      verified: checked.verified,
      input: json,
      breakdown: checked.breakdown ? JSON.stringify(checked.breakdown) : null,
      challengeId: input.challengeId ?? null,
      scoreVersion: this.rules.scoreVersion,
      hiddenAt: null,
      createdAt: now,
    };
    try {
      await storeResult(this.data, row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const earlier = await retried();
      if (earlier) return earlier;
      throw new BadUserInputError('input.challengeId', 'once-per-day', `input.challengeId: ${input.challengeId} already has a result of yours; a daily challenge counts once per player`);
    }
    const ranked = toRanked(row);
    if (ranked) {
      // Redis trouble must not fail a stored result: the outbox row stays and the worker delivers it.
      await this.outbox.deliverStored(ranked).catch((error) => this.logger.warn({ err: error, resultId: row.id }, 'board entries left to the outbox sweep'));
    }
    return toResult(row);
  }

  /** The caller's results, newest first. */
  async mine(playerId: string, first: number | null | undefined, after: string | null | undefined): Promise<ConnectionShape<ZoneSurvivalResult>> {
    const limit = pageSize(first);
    const where = after ? { playerId, id: LessThan(String(decodeCursor(after, 1)[0])) } : { playerId };
    const rows = await this.data.getRepository(ZoneSurvivalResultEntity).find({ where, order: { id: 'DESC' }, take: limit + 1 });
    return toConnection(rows.map(toResult), limit, (r) => encodeCursor([r.id]), Boolean(after));
  }

  /** The breakdowns of the listed results, for results read from a board (which leaves them out). */
  async breakdowns(ids: readonly string[]): Promise<Map<string, ScoreBreakdown | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.data.getRepository(ZoneSurvivalResultEntity).find({ select: { id: true, breakdown: true }, where: { id: In([...ids]) } });
    return new Map(rows.map((r) => [r.id, r.breakdown ? (JSON.parse(r.breakdown) as ScoreBreakdown) : null]));
  }

  private async findRetry(playerId: string, clientSubmissionId: string, hash: string): Promise<ZoneSurvivalResult | null> {
    const row = await this.data.getRepository(ZoneSurvivalResultEntity).findOneBy({ playerId, clientSubmissionId });
    if (!row) return null;
    if (row.inputHash !== hash) {
      throw new BadUserInputError('input.clientSubmissionId', 'reused', 'input.clientSubmissionId names another game of yours; make up a new id for each game');
    }
    return toResult(row);
  }
}
