import { canonicalJson } from './canonical-json';
import type { CampaignFileAction, CampaignFileHeader } from './campaign-file.schema';
import { sha256Hex } from './sha256';

/**
 * The log hash of version 0: the game and the setup, so a changed seed,
 * transcript or initial state disagrees already at the first checkpoint.
 * Built from the values, not the field names, so a format version that only
 * renames a field keeps every hash.
 */
export function setupLogHash(gameId: string, setup: CampaignFileHeader['setup']): string {
  return sha256Hex(canonicalJson([gameId, setup.procedureId, setup.input ?? null, setup.seed, setup.transcript, setup.initialState ?? null]));
}

/** The log hash after `entry`: SHA-256 over the hash before it and the entry's values, in a fixed order. */
export function nextLogHash(previous: string, entry: CampaignFileAction): string {
  const values = [entry.version, entry.name, entry.args, entry.delta, entry.clientId, entry.seq, entry.player, entry.appliedAt, entry.undoesVersion];
  return sha256Hex(`${previous}\n${canonicalJson(values)}`);
}
