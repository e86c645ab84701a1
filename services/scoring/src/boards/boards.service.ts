import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, BadUserInputError, decodeCursor, encodeCursor, pageSize, REDIS_CLIENT } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { ScoringConfig } from '../scoring.config';
import { ResultsService } from '../results/results.service';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { boardName, BoardScope, challengeBoardName } from './board-keys';
import { BoardPeriod, nextReset, periodStart, periodTag } from './board-periods';
import { BoardEntry } from './board-store';
import { LeaderboardBoardInput, LeaderboardConnection, LeaderboardEdge, LeaderboardEntry, LeaderboardPeriod, LeaderboardWindow } from './leaderboard.model';

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
    const name = this.nameOf(board, period, verifiedOnly, now);
    const { total, entries: rows } = await this.results.boards.page(name, limit + 1, cursor ? { encoded: cursor[0] as number, playerId: cursor[1] as string } : null);
    const edges = rows.slice(0, limit).map((row) => toEdge(row, () => encodeCursor([row.encoded, row.playerId])));
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: total,
      periodStartsAt: periodStart(period, now),
      nextResetAt: nextReset(period, now),
    };
  }

  async aroundMe(playerId: string, board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, radius: number, now = new Date()): Promise<LeaderboardWindow> {
    if (!Number.isInteger(radius) || radius < 0 || radius > MAX_RADIUS) throw new BadUserInputError('radius', 'range', `radius must be between 0 and ${MAX_RADIUS}`);
    const { total, entries } = await this.results.boards.around(this.nameOf(board, period, verifiedOnly, now), playerId, radius);
    const mine = entries.find((r) => r.playerId === playerId);
    return { myRank: mine?.rank ?? null, entries: entries.map(toLeaderboardEntry), totalCount: total, nextResetAt: nextReset(period, now) };
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
    const name = this.nameOf(board, period, verifiedOnly, now);
    const ranked = await this.results.boards.entriesOf(name, members);
    const edges = ranked.slice(offset, offset + limit).map((row) => toEdge(row, () => encodeCursor([row.rank])));
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
    const name = challengeBoardName(challengeId, verifiedOnly ? 'verified' : 'all');
    const { total, entries: rows } = await this.results.boards.page(name, limit + 1, cursor ? { encoded: Number(cursor[0]), playerId: String(cursor[1]) } : null);
    const edges = rows.slice(0, limit).map((row) => toEdge(row, () => encodeCursor([row.encoded, row.playerId])));
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: total,
      periodStartsAt: null,
      nextResetAt: null,
    };
  }

  private nameOf(board: LeaderboardBoardInput | null | undefined, period: LeaderboardPeriod, verifiedOnly: boolean, now: Date): string {
    return boardName(this.checkScope(board ?? {}), periodTag(period as BoardPeriod, now), verifiedOnly ? 'verified' : 'all');
  }

  private checkScope(board: LeaderboardBoardInput): BoardScope {
    const { scenarioId, mapId, stalkerCount } = board;
    if (scenarioId != null && !this.rules.content.scenarios.has(scenarioId)) throw new BadUserInputError('board.scenarioId', 'unknown', `board.scenarioId "${scenarioId}" is not one of the ten Scenarios`);
    if (mapId != null && !this.rules.content.maps.some((m) => m.id === mapId)) throw new BadUserInputError('board.mapId', 'unknown', `board.mapId "${mapId}" is not one of the ten Maps`);
    if (stalkerCount != null && (!Number.isInteger(stalkerCount) || stalkerCount < 1 || stalkerCount > 4)) throw new BadUserInputError('board.stalkerCount', 'range', 'board.stalkerCount is 1 to 4');
    return { scenarioId, mapId, stalkerCount };
  }
}

/**
 * An entry as the graph shows it, its result included from what Redis holds
 * beside the entry: a page reads no Postgres unless it asks for a result's
 * breakdown. A board entry's result is a visible victory by definition.
 */
function toLeaderboardEntry(row: BoardEntry): LeaderboardEntry {
  const player = { id: row.playerId };
  const held = row.result;
  const result = held && {
    id: held.id,
    player,
    scenarioId: held.scenarioId,
    mapId: held.mapId,
    stalkerCount: held.stalkerCount,
    roundsPlayed: held.roundsPlayed,
    victory: true,
    score: row.score,
    verified: held.verified,
    challengeId: held.challengeId,
    visible: true,
    recordedAt: row.recordedAt,
  };
  return { rank: row.rank, player, score: row.score, result };
}

/** An edge whose cursor is encoded only if the query asks for it: most pages never do. */
function toEdge(row: BoardEntry, cursor: () => string): LeaderboardEdge {
  return {
    node: toLeaderboardEntry(row),
    get cursor() {
      return cursor();
    },
  };
}
