import { Injectable } from '@nestjs/common';
import type { CampaignFileAction, ReplayOutcome } from '@scriptbook/campaign-model/files';
import { inTransaction } from '@scriptbook/platform';
import { DataSource, EntityManager, In } from 'typeorm';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignEntity } from '../store/campaign.entity';

/** Log rows per insert statement: well under Postgres's 65,535 bound parameters (11 a row) and SQLite's 32,766. */
const ROWS_PER_INSERT = 500;

export interface ImportedCampaign {
  readonly id: string;
  readonly ownerId: string;
  readonly groupId: string;
  readonly gameId: string;
  readonly name: string;
  readonly seed: string | null;
  readonly setupTranscript: unknown[] | null;
  readonly setupProcedureId: string | null;
  readonly setupInput: unknown;
  /** The file's version-0 state, kept as the first snapshot when the file's setup was run again and gave it (exact then); null otherwise. */
  readonly checkedInitialState: unknown;
}

/**
 * Stores a file's entries as they are replayed, in one transaction that
 * `ImportedCampaignWriter.inTransaction` opens: the campaign's row once the
 * header is read, the log a page of rows at a time (so a long file is never
 * held as rows), then, once the whole file has been checked, the row's last
 * version and state, which undo took back which entry, and the first
 * snapshot. No device's progress
 * is carried over: a device counts its seqs per campaign from 1, so one
 * that plays the new campaign under the client id it had in the old one
 * must not find its first seqs already taken. Any failure, a refusal of
 * the file included, rolls all of it back.
 */
export class ImportedCampaignRows {
  private rows: CampaignChangeEntity[] = [];

  constructor(
    private readonly manager: EntityManager,
    private readonly campaignId: string,
  ) {}

  /** One replayed entry; written with the page it fills. Who took it back is only known at the end. */
  async add(entry: CampaignFileAction): Promise<void> {
    this.rows.push({
      campaignId: this.campaignId,
      version: entry.version,
      name: entry.name,
      args: entry.args,
      delta: entry.delta as object[],
      clientId: entry.clientId,
      seq: entry.seq,
      playerId: entry.player,
      appliedAt: entry.appliedAt,
      undoesVersion: entry.undoesVersion,
      undoneByVersion: null,
    });
    if (this.rows.length >= ROWS_PER_INSERT) await this.flush();
  }

  /** The campaign's row, at version 0 with the file's initial state, before its first entry (the log's rows refer to it). */
  async begin(campaign: ImportedCampaign, initialState: unknown): Promise<void> {
    await this.manager.insert(CampaignEntity, {
      id: campaign.id,
      ownerId: campaign.ownerId,
      groupId: campaign.groupId,
      gameId: campaign.gameId,
      name: campaign.name,
      seed: campaign.seed,
      setupTranscript: campaign.setupTranscript as object[] | null,
      setupProcedureId: campaign.setupProcedureId,
      setupInput: (campaign.setupInput ?? null) as object | null,
      state: initialState as object,
      version: 0,
    });
  }

  /** The campaign at its last version and state, once every entry was stored and the file checked whole. */
  async finish(campaign: ImportedCampaign, outcome: ReplayOutcome): Promise<void> {
    await this.flush();
    const { manager } = this;
    await manager.update(CampaignEntity, { id: campaign.id }, { state: outcome.state as object, version: outcome.undoneBy.length });
    const undoneBy = new Map<number, number[]>();
    outcome.undoneBy.forEach((by, i) => {
      if (by !== null) undoneBy.set(by, [...(undoneBy.get(by) ?? []), i + 1]);
    });
    for (const [by, versions] of undoneBy) {
      for (let start = 0; start < versions.length; start += ROWS_PER_INSERT) {
        await manager.update(CampaignChangeEntity, { campaignId: campaign.id, version: In(versions.slice(start, start + ROWS_PER_INSERT)) }, { undoneByVersion: by });
      }
    }
    if (campaign.checkedInitialState !== null) {
      await manager.insert(CampaignSnapshotEntity, { campaignId: campaign.id, version: 0, state: campaign.checkedInitialState as object, takenAt: Date.now() });
    }
  }

  private async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.manager.insert(CampaignChangeEntity, rows);
  }
}

/** Opens the one transaction an import is stored in. */
@Injectable()
export class ImportedCampaignWriter {
  constructor(private readonly dataSource: DataSource) {}

  inTransaction<T>(campaignId: string, write: (rows: ImportedCampaignRows) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, (manager) => write(new ImportedCampaignRows(manager, campaignId)));
  }
}
