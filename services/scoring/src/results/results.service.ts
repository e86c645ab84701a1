import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import { APP_CONFIG, BadUserInputError, ConnectionShape, decodeCursor, encodeCursor, isUniqueViolation, Logger, LOGGER, pageSize, RateLimitedError, REDIS_CLIENT, type RedisClient, RedisRateLimiter, timeOrderedId, toConnection } from '@scriptbook/platform';
import type { ScoredPlay } from '@scriptbook/games';
import { WebhookEmitter, WebhookOutbox, webhookOutboxRow } from '@scriptbook/platform/webhooks';
import { GameBoards } from '../boards/game-boards';
import { DailyChallenges } from '../challenge/daily-challenges.service';
import { ScoredGame } from '../games/scored-games';
import { BoardOutbox } from '../outbox/board-outbox';
import { ScoringConfig } from '../scoring.config';
import { resultSubmittedEvent } from '../webhooks/result-events';
import { toRanked, toResult, ServedResult } from './result-mapping';
import { ResultEntity } from './result.entity';
import { storeResult } from './store-result';
import { checkClientSubmissionId, underInput } from './submission-errors';

/** A play as a client submits it: the platform's fields, and the game's own that its scoring checks. */
export interface SubmittedPlay {
  readonly clientSubmissionId: string;
  readonly challengeId?: string | null;
  readonly [field: string]: unknown;
}

/** A play scored from a campaign's record: the campaign, the argument its refusals name, and the score its record made. */
export interface ResultOrigin {
  readonly campaignId: string;
  readonly at: string;
  readonly scored: ScoredPlay;
  /** Counted against the player's limit already, by `admitCampaignSubmission`, before the record was read. */
  readonly admitted: true;
}

const inputHash = (json: string): string => createHash('sha256').update(json).digest('hex');

/** One limit on a player's submissions, whichever game they played. */
const SUBMIT_RULE = 'result-submit';

@Injectable()
export class ResultsService {
  private readonly limiter: RedisRateLimiter;
  private readonly outbox: BoardOutbox;
  private readonly events: WebhookOutbox;

  constructor(
    private readonly data: DataSource,
    boards: GameBoards,
    private readonly challenges: DailyChallenges,
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: ScoringConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    emitter: WebhookEmitter,
  ) {
    this.limiter = new RedisRateLimiter(redis, config);
    this.outbox = new BoardOutbox(data, (gameId) => boards.find(gameId));
    this.events = new WebhookOutbox(data, emitter);
  }

  /**
   * A new submission is counted, checked and scored by its game's rules,
   * and stored with its outbox row in one statement; the board entries
   * follow, and the worker's sweep delivers them if this process dies first.
   * A retry is found by the unique index on (game, player,
   * clientSubmissionId) when the insert fails, so first attempts pay no
   * lookup; a retry still gets the stored result when the player is over the
   * rate limit or the submission would no longer pass (yesterday's challenge).
   */
  async submit(game: ScoredGame, playerId: string, input: SubmittedPlay, now = new Date(), origin: ResultOrigin | null = null): Promise<ServedResult> {
    const at = origin?.at ?? 'input';
    const json = JSON.stringify(input);
    const hash = inputHash(json);
    const rule = { name: SUBMIT_RULE, limit: this.config.SCORING_SUBMISSIONS_PER_MINUTE, windowSeconds: 60 };
    // A retry is free: found after the fact, its attempt is given back.
    const retried = async (): Promise<ServedResult | null> => {
      const earlier = await this.findRetry(game, playerId, input.clientSubmissionId, hash, at);
      if (earlier) await this.limiter.refund(rule, playerId, now.getTime());
      return earlier;
    };
    const decision = origin?.admitted ? null : await this.limiter.consume(rule, playerId, now.getTime());
    if (decision?.limited) {
      const earlier = await retried();
      if (earlier) return earlier;
      throw new RateLimitedError(decision.retryAfter!);
    }

    let checked: ScoredPlay;
    try {
      checkClientSubmissionId(input.clientSubmissionId, at);
      // A play from a campaign's record was checked against its challenge and scored as its record was read.
      checked = origin ? origin.scored : await this.checked(game, input, now);
    } catch (error) {
      const earlier = error instanceof BadUserInputError ? await retried() : null;
      if (earlier) return earlier;
      throw error;
    }

    const row: ResultEntity = {
      id: timeOrderedId(now.getTime()),
      gameId: game.id,
      playerId,
      clientSubmissionId: input.clientSubmissionId,
      inputHash: hash,
      gameFields: JSON.stringify(game.rules.fieldsOf(input)),
      victory: checked.victory,
      score: checked.score,
      verified: checked.verified,
      input: json,
      breakdown: checked.breakdown ? JSON.stringify(checked.breakdown) : null,
      campaignId: origin?.campaignId ?? null,
      challengeId: input.challengeId ?? null,
      scoreVersion: game.scoreVersion,
      hiddenAt: null,
      createdAt: now,
    };
    const event = resultSubmittedEvent(row);
    try {
      await storeResult(this.data, row, webhookOutboxRow(event, now));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const earlier = await retried();
      if (earlier) return earlier;
      if (origin && (await this.data.getRepository(ResultEntity).existsBy({ gameId: game.id, campaignId: origin.campaignId }))) {
        throw new BadUserInputError(`${at}.campaignId`, 'scored-once', `${at}.campaignId: ${origin.campaignId} has a result already; a campaign scores once`);
      }
      throw new BadUserInputError(`${at}.challengeId`, 'once-per-day', `input.challengeId: ${input.challengeId} already has a result of yours; a daily challenge counts once per player`);
    }
    const ranked = toRanked(row);
    if (ranked) {
      // Redis trouble must not fail a stored result: the outbox row stays and the worker delivers it.
      await this.outbox.deliverStored(game.id, ranked).catch((error) => this.logger.warn({ err: error, resultId: row.id }, 'board entries left to the outbox sweep'));
    }
    // After the boards, so a webhook receiver reading the board finds the result there; the sweep hands it over if this fails.
    void this.events.handOver(event).catch((error) => this.logger.warn({ err: error, resultId: row.id }, 'webhook event left to the outbox sweep'));
    return toResult(row);
  }

  /**
   * Counts a submission from a campaign against the player's limit before
   * its record is read, so a player over the limit costs campaigns nothing.
   * Over the limit, a retry (the same clientSubmissionId, of the same
   * campaign) still gets its stored result, and is not counted; the same id
   * for another campaign is refused as `reused`.
   */
  async admitCampaignSubmission(game: ScoredGame, playerId: string, clientSubmissionId: string, campaignId: string, at: string, now = new Date()): Promise<ServedResult | null> {
    const rule = { name: SUBMIT_RULE, limit: this.config.SCORING_SUBMISSIONS_PER_MINUTE, windowSeconds: 60 };
    const decision = await this.limiter.consume(rule, playerId, now.getTime());
    if (!decision.limited) return null;
    const row = await this.data.getRepository(ResultEntity).findOneBy({ gameId: game.id, playerId, clientSubmissionId });
    if (!row) throw new RateLimitedError(decision.retryAfter!);
    if (row.campaignId !== campaignId) {
      throw new BadUserInputError(`${at}.clientSubmissionId`, 'reused', `${at}.clientSubmissionId names another game of yours; make up a new id for each game`);
    }
    await this.limiter.refund(rule, playerId, now.getTime());
    return toResult(row);
  }

  private async checked(game: ScoredGame, input: SubmittedPlay, now: Date): Promise<ScoredPlay> {
    const terms = input.challengeId ? await this.challenges.termsFor(game, input.challengeId, now) : null;
    return underInput(() => game.rules.check(input, terms));
  }

  /** The caller's results of a game, newest first. */
  async mine(game: ScoredGame, playerId: string, first: number | null | undefined, after: string | null | undefined): Promise<ConnectionShape<ServedResult>> {
    const limit = pageSize(first);
    const where = after ? { gameId: game.id, playerId, id: LessThan(String(decodeCursor(after, 1)[0])) } : { gameId: game.id, playerId };
    const rows = await this.data.getRepository(ResultEntity).find({ where, order: { id: 'DESC' }, take: limit + 1 });
    return toConnection(rows.map(toResult), limit, (r) => encodeCursor([r.id]), Boolean(after));
  }

  /** The breakdowns of the listed results, for results read from a board (which leaves them out). */
  async breakdowns(ids: readonly string[]): Promise<Map<string, unknown>> {
    if (ids.length === 0) return new Map();
    const rows = await this.data.getRepository(ResultEntity).find({ select: { id: true, breakdown: true }, where: { id: In([...ids]) } });
    return new Map(rows.map((r) => [r.id, r.breakdown ? (JSON.parse(r.breakdown) as unknown) : null]));
  }

  private async findRetry(game: ScoredGame, playerId: string, clientSubmissionId: string, hash: string, at: string): Promise<ServedResult | null> {
    const row = await this.data.getRepository(ResultEntity).findOneBy({ gameId: game.id, playerId, clientSubmissionId });
    if (!row) return null;
    if (row.inputHash !== hash) {
      throw new BadUserInputError(`${at}.clientSubmissionId`, 'reused', `${at}.clientSubmissionId names another game of yours; make up a new id for each game`);
    }
    return toResult(row);
  }
}
