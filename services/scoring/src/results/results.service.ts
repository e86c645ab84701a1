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
import { LessThan } from 'typeorm';
import { BoardStore } from '../boards/board-store';
import { DailyChallenges } from '../challenge/daily-challenges.service';
import { BoardOutbox } from '../outbox/board-outbox';
import { ScoringConfig } from '../scoring.config';
import { checkSubmission } from '../zone-survival/check-submission';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { ZoneSurvivalSubmission } from '../zone-survival/zone-survival-submission';
import { scoreInputOf } from './rescore';
import { toResult } from './result-mapping';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from './zone-survival-result.entity';
import { ZoneSurvivalResult } from './zone-survival-result.model';

const RESULT_COLUMNS = ['id', 'playerId', 'scenarioId', 'mapId', 'stalkerCount', 'roundsPlayed', 'victory', 'score', 'verified', 'breakdown', 'challengeId', 'hiddenAt', 'createdAt'];

const inputHash = (input: ZoneSurvivalSubmission): string => createHash('sha256').update(JSON.stringify(input)).digest('hex');

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
   * Retries come first and are free: a client that lost the answer gets the
   * stored result, not a rate limit. A new submission is counted, checked,
   * scored by the engine, and stored with its outbox row in one transaction;
   * the board entries follow, and the worker's sweep delivers them if this
   * process dies first.
   */
  async submit(playerId: string, input: ZoneSurvivalSubmission, now = new Date()): Promise<ZoneSurvivalResult> {
    const hash = inputHash(input);
    const earlier = await this.findRetry(playerId, input.clientSubmissionId, hash);
    if (earlier) return earlier;

    const decision = await this.limiter.consume({ name: 'zs-submit', limit: this.config.SCORING_SUBMISSIONS_PER_MINUTE, windowSeconds: 60 }, playerId, now.getTime());
    if (decision.limited) throw new RateLimitedError(decision.retryAfter!);

    const terms = input.challengeId ? await this.challenges.termsFor(input.challengeId, now) : null;
    const checked = checkSubmission(this.rules.content, input, terms, (content) => this.rules.score(scoreInputOf(input), content));

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
      input: JSON.stringify(input),
      breakdown: checked.breakdown ? JSON.stringify(checked.breakdown) : null,
      challengeId: input.challengeId ?? null,
      scoreVersion: this.rules.scoreVersion,
      hiddenAt: null,
      createdAt: now,
    };
    try {
      await this.data.transaction(async (manager) => {
        await manager.getRepository(ZoneSurvivalResultEntity).insert(row);
        if (checked.victory) await manager.getRepository(BoardOutboxEntity).insert({ resultId: row.id, createdAt: now });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await this.findRetry(playerId, input.clientSubmissionId, hash);
      if (raced) return raced;
      throw new BadUserInputError('input.challengeId', 'once-per-day', `input.challengeId: ${input.challengeId} already has a result of yours; a daily challenge counts once per player`);
    }
    if (checked.victory) {
      // Redis trouble must not fail a stored result: the outbox row stays and the worker delivers it.
      await this.outbox.deliver([row.id]).catch((error) => this.logger.warn({ err: error, resultId: row.id }, 'board entries left to the outbox sweep'));
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

  async byIds(ids: readonly string[]): Promise<Map<string, ZoneSurvivalResult>> {
    if (ids.length === 0) return new Map();
    // The stored input is what a rescore needs, not a reader: leaving it out keeps board pages light.
    const rows = await this.data
      .getRepository(ZoneSurvivalResultEntity)
      .createQueryBuilder('r')
      .select(RESULT_COLUMNS.map((column) => `r.${column}`))
      .where('r.id IN (:...ids)', { ids })
      .getMany();
    return new Map(rows.map((r) => [r.id, toResult(r)]));
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
