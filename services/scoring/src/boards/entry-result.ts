import type { ResultFieldValue } from '@scriptbook/games';
import { BoardLayout, RankedResult } from './board-keys';

/** What a board page shows of the result behind an entry, held in Redis beside the entry. */
export interface EntryResult {
  readonly id: string;
  readonly verified: boolean;
  readonly fromRecord: boolean;
  readonly challengeId: string | null;
  /** The game's own fields of the result. */
  readonly fields: Readonly<Record<string, ResultFieldValue>>;
}

/** Bits of an entry's second slot; entries written before results came from a record hold 0 or 1. */
const VERIFIED_BIT = 1;
const FROM_RECORD_BIT = 2;

/**
 * A positional array keeps a million of them small: id, verification bits
 * (verified, from the platform's record), challenge, then the game's fields
 * in its layout's order. The order is this file's contract with what Redis
 * holds.
 */
export function packEntryResult(layout: BoardLayout, result: RankedResult): string {
  return JSON.stringify([result.id, (result.verified ? VERIFIED_BIT : 0) | (result.fromRecord ? FROM_RECORD_BIT : 0), result.challengeId, ...layout.fields.map((field) => result.fields[field] ?? null)]);
}

export function unpackEntryResult(layout: BoardLayout, packed: string): EntryResult {
  const [id, verified, challengeId, ...values] = JSON.parse(packed) as [string, number, string | null, ...ResultFieldValue[]];
  const fields: Record<string, ResultFieldValue> = {};
  layout.fields.forEach((field, i) => (fields[field] = values[i] ?? null));
  return { id, verified: (verified & VERIFIED_BIT) !== 0, fromRecord: (verified & FROM_RECORD_BIT) !== 0, challengeId, fields };
}
