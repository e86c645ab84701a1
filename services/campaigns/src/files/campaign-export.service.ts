import { Injectable } from '@nestjs/common';
import { CampaignFileAction, CampaignFileWriter, stateHash } from '@scriptbook/campaign-model/files';
import { ContentLibrary } from '@scriptbook/content';
import { CampaignModels } from '../campaigns/campaign-models';
import { CampaignSetupRun, withGroupOpenings } from '../campaigns/campaign-setup-run';
import { LoggedDelta, stateAt } from '../snapshots/snapshot-state';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignStore } from '../store/campaign-store';
import { contentOf } from './campaign-file-header';
import { ExportConsents } from './export-consents';
import { isPseudonym, PlayerPseudonyms } from './player-pseudonyms';

/** Rows read per statement, both ways through the log: enough to keep round trips few, small enough that a page is a few hundred kB. */
export const EXPORT_PAGE_ROWS = 500;

/** Where the file's text goes; resolves once the piece may be followed by the next (the socket drained). */
export type TextSink = (piece: string) => Promise<void>;

/**
 * Writes one campaign's file to a sink, page by page of the log, holding one
 * state and one page at a time, so a campaign of 100,000 actions exports in
 * the memory of a small process. The campaign is exported as it stood at
 * the version of its row as read: later changes are left out, and the rows
 * up to it never change (an undo adds a row; the file links undos by the
 * undo's own `undoesVersion`).
 *
 * Two passes over the log: newest first over the changes alone, to take the
 * stored state back to version 0 (the campaign keeps its current state, not
 * its first), then oldest first, writing each entry.
 */
@Injectable()
export class CampaignExportService {
  constructor(
    private readonly store: CampaignStore,
    private readonly models: CampaignModels,
    private readonly content: ContentLibrary,
    private readonly consents: ExportConsents,
    private readonly pseudonyms: PlayerPseudonyms,
    private readonly setupRun: CampaignSetupRun,
  ) {}

  async export(campaign: CampaignEntity, exporterId: string, sink: TextSink, now = new Date()): Promise<void> {
    const game = this.models.catalog.gameById(campaign.gameId)!;
    const current = this.models.stateOf(campaign);
    const initialState = await this.setupState(campaign, await this.initialState(campaign.id, campaign.version, current));
    const consented = await this.consents.of(campaign.id);
    const named = (playerId: string) => (playerId === exporterId || consented.has(playerId) ? playerId : this.pseudonyms.of(campaign.id, playerId));
    const writer = new CampaignFileWriter({
      format: 'scriptbook-campaign',
      exportedAt: now.toISOString(),
      campaign: { gameId: campaign.gameId, name: campaign.name, version: campaign.version, modules: game.modules.map((module) => module.id) },
      content: contentOf(this.content, game),
      // Campaigns made before setups were kept have null procedure and input: their setup is not known.
      setup: { procedureId: campaign.setupProcedureId, input: campaign.setupInput, seed: campaign.seed, transcript: campaign.setupTranscript, initialState },
    });
    await sink(writer.opening());
    for (let after = 0; after < campaign.version; ) {
      const page = (await this.store.changesAfter(campaign.id, after, EXPORT_PAGE_ROWS)).filter((row) => row.version <= campaign.version);
      if (page.length === 0) throw new Error(`campaign ${campaign.id}'s log ends at version ${after}, before its version ${campaign.version}`);
      await sink(page.map((row) => writer.entry(entryOf(row, named))).join(''));
      after = page[page.length - 1].version;
    }
    if (writer.finalStateHash() !== stateHash(current)) throw new Error(`campaign ${campaign.id}'s log does not lead to its stored state`);
    await sink(writer.closing(isPseudonym));
  }

  /**
   * Taking the state back through the log writes a count an action created
   * as 0 where the new campaign had no entry; a campaign with a kept setup
   * exports version 0 exactly, as stored in its first snapshot, so an
   * import running the setup again finds the same state. Without that
   * snapshot the setup is run here, with the group's openings of the
   * taken-back state (their changes set the whole list, so they come back
   * exactly).
   */
  private async setupState(campaign: CampaignEntity, takenBack: unknown): Promise<unknown> {
    if (campaign.setupProcedureId === null || campaign.seed === null) return takenBack;
    const stored = await this.store.firstState(campaign.id);
    if (stored !== null) return stored;
    const model = this.models.of(campaign.gameId)!;
    const setup = model.setups.find((candidate) => candidate.procedure.id === campaign.setupProcedureId);
    if (!setup) return takenBack;
    const run = this.setupRun.run(model, setup, campaign.setupInput, campaign.seed, 'setup.input');
    return withGroupOpenings(model, run.state, takenBack);
  }

  private async initialState(campaignId: string, version: number, current: unknown): Promise<unknown> {
    let state = current;
    for (let high = version; high > 0; high -= EXPORT_PAGE_ROWS * 2) {
      const page = await this.store.deltas(campaignId, Math.max(1, high - EXPORT_PAGE_ROWS * 2 + 1), high);
      state = stateAt(state, page as LoggedDelta[]);
    }
    return state;
  }
}

function entryOf(row: CampaignChangeEntity, named: (playerId: string) => string): CampaignFileAction {
  return {
    version: row.version,
    name: row.name,
    args: row.args as Record<string, unknown>,
    delta: row.delta as CampaignFileAction['delta'],
    clientId: row.clientId,
    seq: row.seq,
    player: named(row.playerId),
    appliedAt: row.appliedAt,
    undoesVersion: row.undoesVersion,
  };
}
