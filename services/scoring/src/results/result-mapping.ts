import type { ResultFieldValue } from '@scriptbook/games';
import { RankedResult } from '../boards/board-keys';
import { ResultEntity } from './result.entity';

export type GameFields = Readonly<Record<string, ResultFieldValue>>;

/**
 * How far a result's game is established: the players' report with a
 * modifier on their word or on a reading (PLAYERS_WORD), the players' report
 * with every modifier printed in the catalogue (CATALOGUE), or the
 * platform's own record of a campaign it dealt (PLATFORM_RECORD).
 */
export type ResultVerification = 'PLAYERS_WORD' | 'CATALOGUE' | 'PLATFORM_RECORD';

export function verificationOf(result: { readonly verified: boolean; readonly fromRecord: boolean }): ResultVerification {
  if (result.fromRecord) return 'PLATFORM_RECORD';
  return result.verified ? 'CATALOGUE' : 'PLAYERS_WORD';
}

/** A result as the graph serves it: the platform's fields and the game's own, side by side. */
export interface ServedResult {
  /** The game's own fields, by the names its `result` schema gives them. */
  readonly [field: string]: unknown;
  readonly id: string;
  readonly player: { readonly id: string };
  readonly victory: boolean;
  readonly score: number | null;
  readonly verified: boolean;
  /** Scored from the platform's record of a campaign; with `verified`, gives the result's `verification`. */
  readonly fromRecord: boolean;
  /** Left out of a result read from a board (Redis keeps what a page shows); its resolver then reads it from the database. */
  readonly breakdown?: unknown;
  readonly challengeId: string | null;
  readonly visible: boolean;
  readonly recordedAt: Date;
}

export const readGameFields = (json: string): GameFields => JSON.parse(json) as GameFields;

/** Distinct field texts a reader remembers; past it, it starts afresh rather than grow with every result. */
const REMEMBERED_FIELDS = 10_000;

/**
 * Results of a game mostly share a few combinations of their fields, so a
 * run over many rows parses each distinct text once.
 */
export function gameFieldsReader(): (json: string) => GameFields {
  const seen = new Map<string, GameFields>();
  return (json) => {
    let fields = seen.get(json);
    if (!fields) {
      if (seen.size >= REMEMBERED_FIELDS) seen.clear();
      seen.set(json, (fields = readGameFields(json)));
    }
    return fields;
  };
}

export function toResult(row: ResultEntity): ServedResult {
  const served = {
    id: row.id,
    player: { id: row.playerId },
    victory: row.victory,
    score: row.score,
    verified: row.verified,
    fromRecord: row.campaignId !== null,
    breakdown: row.breakdown ? JSON.parse(row.breakdown) : null,
    challengeId: row.challengeId,
    visible: row.hiddenAt === null,
    recordedAt: row.createdAt,
  };
  // As on a board page: Object.assign is cheap where a spread into the literal is not.
  return Object.assign(served, readGameFields(row.gameFields));
}

/** A result as the boards see it; null when it belongs on none (a defeat, or hidden). */
export function toRanked(row: Pick<ResultEntity, 'id' | 'playerId' | 'gameFields' | 'victory' | 'score' | 'verified' | 'campaignId' | 'challengeId' | 'hiddenAt' | 'createdAt'>, read = readGameFields): RankedResult | null {
  if (!row.victory || row.score === null || row.hiddenAt !== null) return null;
  return {
    id: row.id,
    playerId: row.playerId,
    fields: read(row.gameFields),
    score: row.score,
    verified: row.verified,
    fromRecord: row.campaignId !== null,
    challengeId: row.challengeId,
    createdAt: row.createdAt,
  };
}
