import { Injectable } from '@nestjs/common';
import { BadUserInputError, decodeCursor, encodeCursor, pageSize } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { RuleInputError } from '@scriptbook/rules-engine';
import { ScoredGame } from '../games/scored-games';
import { ServedResult } from '../results/result-mapping';
import { boardName, BoardScope, BoardView, challengeBoardName } from './board-keys';
import { BoardPeriod, nextReset, periodStart, periodTag } from './board-periods';
import { BoardEntry, BoardSlice } from './board-store';
import { GameBoards } from './game-boards';
import { LeaderboardPeriod } from './leaderboard-period';

const MAX_RADIUS = 50;

/** The keys a board query gives, as the game's board schema has them. */
export type BoardKeys = Readonly<Record<string, unknown>>;

export interface ServedEntry {
  readonly rank: number;
  readonly player: { readonly id: string };
  readonly score: number;
  readonly result: ServedResult | null;
}

export interface ServedEdge {
  readonly cursor: string;
  readonly node: ServedEntry;
}

export interface ServedBoardPage {
  readonly edges: ServedEdge[];
  readonly pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  readonly totalCount: number;
  readonly periodStartsAt: Date | null;
  readonly nextResetAt: Date | null;
}

export interface ServedWindow {
  readonly myRank: number | null;
  readonly entries: ServedEntry[];
  readonly totalCount: number;
  readonly nextResetAt: Date | null;
}

@Injectable()
export class BoardsService {
  constructor(
    private readonly boards: GameBoards,
    private readonly membership: MembershipReader,
  ) {}

  async page(game: ScoredGame, board: BoardKeys | null | undefined, period: LeaderboardPeriod, view: BoardView, first?: number | null, after?: string | null, now = new Date()): Promise<ServedBoardPage> {
    const name = this.nameOf(game, board, period, view, now);
    return { ...(await this.pageOf(game, name, first, after)), periodStartsAt: periodStart(period, now), nextResetAt: nextReset(period, now) };
  }

  async aroundMe(game: ScoredGame, playerId: string, board: BoardKeys | null | undefined, period: LeaderboardPeriod, view: BoardView, radius: number, now = new Date()): Promise<ServedWindow> {
    if (!Number.isInteger(radius) || radius < 0 || radius > MAX_RADIUS) throw new BadUserInputError('radius', 'range', `radius must be between 0 and ${MAX_RADIUS}`);
    const { total, entries } = await this.boards.of(game.id).around(this.nameOf(game, board, period, view, now), playerId, radius);
    const mine = entries.find((r) => r.playerId === playerId);
    return { myRank: mine?.rank ?? null, entries: entries.map(toServedEntry), totalCount: total, nextResetAt: nextReset(period, now) };
  }

  /**
   * A group's own ranking: the members' entries on the public board, ranked
   * among themselves. Only members see it; anyone else hears NOT_FOUND, as
   * for a group that does not exist.
   */
  async group(
    game: ScoredGame,
    viewerId: string,
    groupId: string,
    board: BoardKeys | null | undefined,
    period: LeaderboardPeriod,
    view: BoardView,
    first?: number | null,
    after?: string | null,
    now = new Date(),
  ): Promise<ServedBoardPage> {
    const members = await this.membership.requireMembers(groupId, viewerId);
    const limit = pageSize(first);
    const offset = after ? decodeCursor(after, 1)[0] : 0;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    const name = this.nameOf(game, board, period, view, now);
    const ranked = await this.boards.of(game.id).entriesOf(name, members);
    const edges = ranked.slice(offset, offset + limit).map((row) => toEdge(row, () => encodeCursor([row.rank])));
    return {
      edges,
      pageInfo: { hasNextPage: ranked.length > offset + limit, hasPreviousPage: offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: ranked.length,
      periodStartsAt: periodStart(period, now),
      nextResetAt: nextReset(period, now),
    };
  }

  /** A daily challenge's own board: one per day, never reset. */
  async challenge(game: ScoredGame, challengeId: string, view: BoardView, first?: number | null, after?: string | null): Promise<ServedBoardPage> {
    const name = challengeBoardName(challengeId, view);
    return { ...(await this.pageOf(game, name, first, after)), periodStartsAt: null, nextResetAt: null };
  }

  private async pageOf(game: ScoredGame, name: string, first?: number | null, after?: string | null): Promise<Omit<ServedBoardPage, 'periodStartsAt' | 'nextResetAt'>> {
    const limit = pageSize(first);
    const cursor = after ? decodeCursor(after, 2) : null;
    if (cursor && (typeof cursor[0] !== 'number' || typeof cursor[1] !== 'string')) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    const { total, entries: rows }: BoardSlice = await this.boards.of(game.id).page(name, limit + 1, cursor ? { encoded: cursor[0] as number, playerId: cursor[1] as string } : null);
    const edges = rows.slice(0, limit).map((row) => toEdge(row, () => encodeCursor([row.encoded, row.playerId])));
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
      totalCount: total,
    };
  }

  private nameOf(game: ScoredGame, board: BoardKeys | null | undefined, period: LeaderboardPeriod, view: BoardView, now: Date): string {
    return boardName(this.checkScope(game, board ?? {}), periodTag(period as BoardPeriod, now), view);
  }

  /** The game says which keys name a board; a refusal names the key under `board`. */
  private checkScope(game: ScoredGame, board: BoardKeys): BoardScope {
    try {
      game.rules.checkBoard(board);
    } catch (error) {
      if (error instanceof RuleInputError) throw new BadUserInputError(`board.${error.field}`, error.rule, `board.${error.field}: ${error.message}`);
      throw error;
    }
    return game.layout.dimensions.map((dimension) => (board[dimension] ?? null) as BoardScope[number]);
  }
}

/**
 * An entry as the graph shows it, its result included from what Redis holds
 * beside the entry: a page reads no database unless it asks for a result's
 * breakdown. A board entry's result is a visible victory by definition.
 */
function toServedEntry(row: BoardEntry): ServedEntry {
  const player = { id: row.playerId };
  const held = row.result;
  // Object.assign, not a spread into the literal: V8 takes microseconds per object for that, a page has a hundred.
  const result: ServedResult | null =
    held && Object.assign({ id: held.id, player, victory: true, score: row.score, verified: held.verified, fromRecord: held.fromRecord, challengeId: held.challengeId, visible: true, recordedAt: row.recordedAt }, held.fields);
  return { rank: row.rank, player, score: row.score, result };
}

/** An edge whose cursor is encoded only if the query asks for it: most pages never do. */
function toEdge(row: BoardEntry, cursor: () => string): ServedEdge {
  return {
    node: toServedEntry(row),
    get cursor() {
      return cursor();
    },
  };
}
