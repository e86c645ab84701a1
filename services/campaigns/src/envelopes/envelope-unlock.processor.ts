import { Inject, Injectable } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { APP_CONFIG, InjectRepository, QueueProcessor } from '@scriptbook/platform';
import { WebhookEmitter, webhookPayload } from '@scriptbook/platform/webhooks';
import { Job, UnrecoverableError } from 'bullmq';
import { Repository } from 'typeorm';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';
import type { CampaignsWorkerConfig } from '../campaigns.config';
import { CampaignModels } from '../campaigns/campaign-models';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';
import { CampaignStore } from '../store/campaign-store';
import { envelopeProgressPercent } from './envelope-progress';
import { envelopeUnlockQueue, EnvelopeUnlockPayload } from './envelope-unlock.queue';

export interface EnvelopeUnlockOutcome {
  readonly groupId: string;
  readonly envelopeId: string;
  /** Campaigns that received the envelope in this run. */
  readonly opened: number;
  /** Campaigns gone through in this run, those already holding it included. */
  readonly campaigns: number;
}

/**
 * The unlock job: opens an envelope in every campaign of a group, batch after
 * batch, then marks the group's envelope OPENED. Each batch commits on its
 * own, reports progress (job and `group_envelopes` row) and pokes the live
 * followers of every campaign it changed. A worker killed halfway leaves
 * committed batches behind and the job's lock lapses; the next worker starts
 * from the first campaign again, and the campaigns already holding the
 * envelope are skipped inside the batch's SQL, so none receives it twice.
 */
@Injectable()
export class EnvelopeUnlockProcessor extends QueueProcessor<EnvelopeUnlockPayload> {
  private readonly batchSize: number;

  constructor(
    private readonly store: CampaignStore,
    private readonly models: CampaignModels,
    @InjectRepository(GroupEnvelopeEntity) private readonly envelopes: Repository<GroupEnvelopeEntity>,
    private readonly content: ContentLibrary,
    private readonly publisher: CampaignChangePublisher,
    private readonly webhooks: WebhookEmitter,
    @Inject(APP_CONFIG) config: CampaignsWorkerConfig,
  ) {
    super(envelopeUnlockQueue, { lockDurationMs: config.ENVELOPE_JOB_LOCK_MS, stalledIntervalMs: config.ENVELOPE_JOB_STALLED_CHECK_MS });
    this.batchSize = config.ENVELOPE_BATCH_SIZE;
  }

  protected async handle({ groupId, envelopeId }: EnvelopeUnlockPayload, job: Job): Promise<EnvelopeUnlockOutcome> {
    const envelope = this.content.get(envelopeId);
    const model = envelope?.gameId === undefined ? null : this.models.of(envelope.gameId);
    const legacy = model?.legacy;
    if (!envelope || !model || !legacy || envelope.kind !== legacy.contentKind) throw new UnrecoverableError(`${envelopeId} is not an envelope of the content packs`);
    const row = await this.envelopes.findOneBy({ groupId, envelopeId });
    if (!row) throw new UnrecoverableError(`group ${groupId} has no record of opening ${envelopeId}`);
    if (row.state === 'OPENED') {
      await job.updateProgress(100);
      return { groupId, envelopeId, opened: 0, campaigns: 0 };
    }

    const opening = {
      groupId,
      gameId: envelope.gameId!,
      stateField: legacy.stateField,
      openAction: legacy.openAction,
      entry: { envelopeId, openedAt: new Date(row.openedAt).toISOString(), byScenarioId: row.openedByScenarioId },
      playerId: row.openedByPlayerId,
      openedInCampaignId: row.openedInCampaignId,
    };
    await this.store.storeMissingStates(groupId, opening.gameId, (campaign) => model.initial(campaign.seed ?? campaign.id, null).state);
    let total = await this.store.countCampaigns(groupId, opening.gameId);
    await this.envelopes.update({ groupId, envelopeId }, { campaignsTotal: total, campaignsDone: 0 });
    await job.updateProgress(0);

    let cursor = '';
    let done = 0;
    let opened = 0;
    for (;;) {
      const batch = await this.store.openEnvelopeInBatch(opening, cursor, this.batchSize, done);
      if (batch.scanned === 0 || batch.lastId === null) break;
      cursor = batch.lastId;
      done += batch.scanned;
      opened += batch.changed.length;
      this.publisher.changedMany(batch.changed.map(({ campaignId, version }) => ({ campaignId, fromVersion: version - 1, version })));
      // Campaigns created while the job runs raise the count; 100 is kept for the end. The batch wrote the row's progress first.
      total = Math.max(total, done);
      await job.updateProgress(envelopeProgressPercent(done, total, false));
    }

    // Emitted before the row says OPENED: a worker that dies in between runs the job again and emits the same event id, which is
    // one event; once the row says OPENED the event is already queued.
    await this.webhooks.emit({
      event: webhookPayload('group.envelope.opened', `${groupId}:${envelopeId}`, new Date(row.openedAt), {
        groupId,
        gameId: opening.gameId,
        envelopeId,
        openedByPlayerId: row.openedByPlayerId,
        openedInCampaignId: row.openedInCampaignId,
        byScenarioId: row.openedByScenarioId,
        campaigns: done,
      }),
      audience: { group: groupId },
    });
    await this.envelopes.update({ groupId, envelopeId }, { state: 'OPENED', completedAt: Date.now(), campaignsDone: done, campaignsTotal: done });
    await job.updateProgress(100);
    this.logger.info({ groupId, envelopeId, opened, campaigns: done }, 'envelope opened for the group');
    return { groupId, envelopeId, opened, campaigns: done };
  }
}
