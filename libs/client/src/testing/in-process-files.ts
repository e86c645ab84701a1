import type { CampaignModel } from '@scriptbook/campaign-model';
import { CAMPAIGN_FILE_FORMAT, CampaignFileAction, CampaignFileRefusal, CampaignFileWriter, readCampaignFile, replayCampaignFile } from '@scriptbook/campaign-model/files';
import { fromWireDelta } from './in-process-lifecycle';

/**
 * The in-process server's campaign files, written from
 * docs/campaign-files.md with the pure writer and replay the service uses
 * (`@scriptbook/campaign-model/files`): an export is the file in pieces, as
 * the service streams it; an import checks it by replaying it through the
 * game's model, and a dry run stores nothing. This model keeps no content
 * packs (its content hash is its own) and names every player by id.
 */

export interface ExportedLog {
  readonly id: string;
  readonly gameId: string;
  readonly name: string;
  readonly version: number;
  readonly initialState: unknown;
  readonly log: readonly {
    version: number;
    name: string;
    args: unknown;
    clientId: string | null;
    seq: number | null;
    playerId: string;
    appliedAt: string;
    undoesVersion: number | null;
    delta: readonly { op: string; path: readonly string[]; by: number | null; from: unknown; to: unknown }[];
  }[];
}

export const IN_PROCESS_CONTENT_HASH = 'in-process-server';

/** The file's pieces in order: what the export route writes as it reads the log. */
export function exportPieces(campaign: ExportedLog, exportedAt: string): string[] {
  const writer = new CampaignFileWriter({
    format: CAMPAIGN_FILE_FORMAT,
    exportedAt,
    campaign: { gameId: campaign.gameId, name: campaign.name, version: campaign.version, modules: [] },
    content: { hash: IN_PROCESS_CONTENT_HASH, packs: [] },
    setup: { procedureId: null, input: null, seed: `seed-${campaign.id}`, transcript: null, initialState: campaign.initialState },
  });
  const pieces = [writer.opening()];
  for (const change of campaign.log) {
    const entry: CampaignFileAction = {
      version: change.version,
      name: change.name,
      args: (change.args ?? {}) as Record<string, unknown>,
      delta: JSON.parse(JSON.stringify(fromWireDelta(change.delta))) as CampaignFileAction['delta'],
      clientId: change.clientId,
      seq: change.seq,
      appliedAt: Date.parse(change.appliedAt),
      undoesVersion: change.undoesVersion,
      player: change.playerId,
    };
    pieces.push(writer.entry(entry));
  }
  pieces.push(writer.closing(() => false));
  return pieces;
}

export interface ImportedFile {
  readonly gameId: string;
  readonly name: string;
  readonly state: unknown;
  readonly initialState: unknown;
  readonly changes: ReturnType<typeof replayCampaignFile>['changes'];
  readonly preview: unknown;
}

/** Reads and replays a file; a refusal names `input.file.<path>` and its rule, as the service's does. */
export function importFile(raw: unknown, models: (gameId: string) => CampaignModel | undefined, name: string | undefined): ImportedFile | CampaignFileRefusal {
  try {
    const { file, fromVersion } = readCampaignFile(raw);
    const model = models(file.campaign.gameId);
    if (!model) return new CampaignFileRefusal('file.campaign.gameId', 'exists', `No game ${file.campaign.gameId} here`);
    const replayed = replayCampaignFile(model, file);
    const players = [...new Set(file.actions.map((action) => action.player))].map((player) => ({
      player,
      pseudonym: file.players.find((each) => each.player === player)?.pseudonym ?? false,
      entries: file.actions.filter((action) => action.player === player).length,
    }));
    const undos = file.actions.filter((action) => action.undoesVersion !== null).length;
    const serverChanges = file.actions.filter((action) => action.clientId === null && action.undoesVersion === null).length;
    const preview = {
      gameId: file.campaign.gameId,
      name: name ?? file.campaign.name,
      version: file.campaign.version,
      actions: file.actions.length - undos - serverChanges,
      undos,
      serverChanges,
      formatVersion: fromVersion,
      players,
      content: { fileHash: file.content.hash, platformHash: IN_PROCESS_CONTENT_HASH, same: file.content.hash === IN_PROCESS_CONTENT_HASH, changedPacks: [], missingContentIds: [] },
    };
    return { gameId: file.campaign.gameId, name: name ?? file.campaign.name, state: replayed.state, initialState: file.setup.initialState, changes: replayed.changes, preview };
  } catch (error) {
    if (error instanceof CampaignFileRefusal) return error;
    throw error;
  }
}
