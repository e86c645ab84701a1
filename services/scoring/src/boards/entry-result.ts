import { RankedResult } from './board-keys';

/** What a board page shows of the result behind an entry, held in Redis beside the entry. */
export interface EntryResult {
  readonly id: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  readonly roundsPlayed: number;
  readonly verified: boolean;
  readonly challengeId: string | null;
}

/** A positional array keeps a million of them small; the order is this file's contract with what Redis holds. */
export function packEntryResult(result: RankedResult): string {
  return JSON.stringify([result.id, result.scenarioId, result.mapId, result.stalkerCount, result.roundsPlayed, result.verified ? 1 : 0, result.challengeId]);
}

export function unpackEntryResult(packed: string): EntryResult {
  const [id, scenarioId, mapId, stalkerCount, roundsPlayed, verified, challengeId] = JSON.parse(packed) as [string, string, string, number, number, number, string | null];
  return { id, scenarioId, mapId, stalkerCount, roundsPlayed, verified: verified === 1, challengeId };
}
