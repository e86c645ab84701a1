import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, BadUserInputError, decodeCursor, encodeCursor, pageSize, REDIS_CLIENT } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { ScoringConfig } from '../scoring.config';
import { ResultsService } from '../results/results.service';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { boardKey, BoardScope, challengeBoardKey } from './board-keys';
import { BoardPeriod, nextReset, periodStart, periodTag } from './board-periods';
import { decodeBoardScore } from './board-score';
import { BoardEntry } from './board-store';
import { LeaderboardBoardInput, LeaderboardConnection, LeaderboardEntry, LeaderboardPeriod, LeaderboardWindow } from './leaderboard.model';

const MAX_RADIUS = 50;

@Injectable()
export class BoardsService {
  constructor(
    private readonly results: ResultsService,
    private readonly rules: ZoneSurvivalRules,
    private readonly membership: MembershipReader,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: ScoringConfig,
  ) {}

  async page(board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, first?: number | null, after?: string | null, now = new Date()): Promise<LeaderboardConnection> {
    const limit = pageSize(first);
    const cursor = after ? decodeCursor(after, 2) : null;
    if (cursor && (typeof cursor[0] !== 'number' || typeof cursor[1] !== 'string')) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    const key = await this.keyOf(board, period, verifiedOnly, now);
    const rows = await this.results.boards.page(key, limit + 1, cursor ? { encoded: cursor[0] as number, playerId: cursor[1] as string } : null);
    const entries = await this.withResults(rows.slice(0, limit));
    const edges = entries.map((node, i) => ({ node, cursor: encodeCursor([rows[i].encoded, rows[i].playerId]) }));
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: await this.results.boards.size(key),
      periodStartsAt: periodStart(period, now),
      nextResetAt: nextReset(period, now),
    };
  }

  async aroundMe(playerId: string, board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, radius: number, now = new Date()): Promise<LeaderboardWindow> {
    if (!Number.isInteger(radius) || radius < 0 || radius > MAX_RADIUS) throw new BadUserInputError('radius', 'range', `radius must be between 0 and ${MAX_RADIUS}`);
    const key = await this.keyOf(board, period, verifiedOnly, now);
    const rows = await this.results.boards.around(key, playerId, radius);
    const mine = rows.find((r) => r.playerId === playerId);
    return { myRank: mine?.rank ?? null, entries: await this.withResults(rows), totalCount: await this.results.boards.size(key), nextResetAt: nextReset(period, now) };
  }

  /**
   * A group's own ranking: the members' entries on the public board, ranked
   * among themselves. Only members see it; anyone else hears NOT_FOUND, as
   * for a group that does not exist.
   */
  async group(viewerId: string, groupId: string, board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, first?: number | null, after?: string | null, now = new Date()): Promise<LeaderboardConnection> {
    const members = await this.membership.requireMembers(groupId, viewerId);
    const limit = pageSize(first);
    const offset = after ? decodeCursor(after, 1)[0] : 0;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    const key = await this.keyOf(board, period, verifiedOnly, now);
    const scores = members.length ? await this.redis.zmscore(key, ...members) : [];
    const ranked = members
      .map((playerId, i) => ({ playerId, encoded: scores[i] === null ? null : Number(scores[i]) }))
      .filter((m): m is { playerId: string; encoded: number } => m.encoded !== null)
      .sort((a, b) => b.encoded - a.encoded || (a.playerId < b.playerId ? 1 : -1));
    const slice = ranked.slice(offset, offset + limit);
    const resultIds = slice.length ? await this.redis.hmget(`${key}:results`, ...slice.map((m) => m.playerId)) : [];
    const rows: BoardEntry[] = slice.map((m, i) => ({ rank: offset + i + 1, playerId: m.playerId, encoded: m.encoded, resultId: resultIds[i] ?? '', ...decodeBoardScore(m.encoded) }));
    const entries = await this.withResults(rows);
    const edges = entries.map((node, i) => ({ node, cursor: encodeCursor([offset + i + 1]) }));
    return {
      edges,
      pageInfo: { hasNextPage: ranked.length > offset + limit, hasPreviousPage: offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: ranked.length,
      periodStartsAt: periodStart(period, now),
      nextResetAt: nextReset(period, now),
    };
  }

  /** The daily challenge's own board: one per day, never reset. */
  async challenge(challengeId: string, verifiedOnly: boolean, first?: number | null, after?: string | null): Promise<LeaderboardConnection> {
    const limit = pageSize(first);
    const cursor = after ? decodeCursor(after, 2) : null;
    const gen = await this.results.boards.liveGeneration();
    const key = challengeBoardKey(this.config.REDIS_PREFIX, gen, challengeId, verifiedOnly ? 'verified' : 'all');
    const rows = await this.results.boards.page(key, limit + 1, cursor ? { encoded: Number(cursor[0]), playerId: String(cursor[1]) } : null);
    const entries = await this.withResults(rows.slice(0, limit));
    const edges = entries.map((node, i) => ({ node, cursor: encodeCursor([rows[i].encoded, rows[i].playerId]) }));
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: await this.results.boards.size(key),
      periodStartsAt: null,
      nextResetAt: null,
    };
  }

  private async keyOf(board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, now: Date): Promise<string> {
    const scope = this.checkScope(board ?? {});
    const gen = await this.results.boards.liveGeneration();
    return boardKey(this.config.REDIS_PREFIX, gen, scope, periodTag(period as BoardPeriod, now), verifiedOnly ? 'verified' : 'all');
  }

  private checkScope(board: LeaderboardBoardInput): BoardScope {
    const { scenarioId, mapId, stalkerCount } = board;
    if (scenarioId != null && !this.rules.content.scenarios.has(scenarioId)) throw new BadUserInputError('board.scenarioId', 'unknown', `board.scenarioId "${scenarioId}" is not one of the ten Scenarios`);
    if (mapId != null && !this.rules.content.maps.some((m) => m.id === mapId)) throw new BadUserInputError('board.mapId', 'unknown', `board.mapId "${mapId}" is not one of the ten Maps`);
    if (stalkerCount != null && (!Number.isInteger(stalkerCount) || stalkerCount < 1 || stalkerCount > 4)) throw new BadUserInputError('board.stalkerCount', 'range', 'board.stalkerCount is 1 to 4');
    return { scenarioId, mapId, stalkerCount };
  }

  private async withResults(rows: readonly BoardEntry[]): Promise<LeaderboardEntry[]> {
    return rows.map((r) => ({ rank: r.rank, player: { id: r.playerId }, score: r.score, resultId: r.resultId }));
  }
}
