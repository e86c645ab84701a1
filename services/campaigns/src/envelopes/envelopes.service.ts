import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ContentLibrary, ContentItem, ItemOfKind } from '@scriptbook/content';
import { AuthenticatedPlayer, BadUserInputError, DomainError, ErrorCode, InjectQueue, InjectRepository, parseInput, TypedQueue } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { MembershipReader } from '@scriptbook/platform/membership';
import { Repository } from 'typeorm';
import { CampaignAccess } from '../campaigns/campaign-access';
import { ActionRejection } from '../actions/action-rejection';
import { applyAction } from '../actions/campaign-action';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { toCampaign } from '../campaigns/campaigns.service';
import { actionOf, gameSystemOf } from '../state/game-systems';
import { SyncService } from '../sync/sync.service';
import { envelopeUnlockJobId, envelopeUnlockQueue, EnvelopeUnlockPayload } from './envelope-unlock.queue';
import { EnvelopeNamedBy, GroupEnvelope, GroupEnvelopeState, RecordScenarioOutcomeInput, recordScenarioOutcomeSchema, ScenarioOutcome } from './envelope.model';
import { GroupEnvelopeEntity } from './group-envelope.entity';

const OUTCOME_ACTION = 'record-scenario-outcome';
type Envelope = ItemOfKind<'twom-envelope'>;
type Scenario = ContentItem & { gameId: string; moduleId?: string; envelopeId?: string | null };

interface NamedEnvelope {
  readonly envelope: Envelope | null;
  readonly namedBy: EnvelopeNamedBy | null;
}

/** A refused outcome action as the mutation's error, its field named as the input's. */
function refusal(rejected: { code: string; reason: string; field: string; rule: string }): DomainError {
  return new DomainError(rejected.code as ErrorCode, rejected.reason, { field: `input.${rejected.field.replace(/^args\./, '')}`, rule: rejected.rule });
}

/**
 * Scenario outcomes and the legacy envelopes they open. The outcome is a
 * campaign action pushed through the sync service like any device's, so it
 * syncs, shows in the history and pokes live followers; a win that names an
 * envelope then opens it for the whole group, once: the (group, envelope) row
 * is inserted at most once and the unlock job's id derives from the pair.
 */
@Injectable()
export class EnvelopesService {
  constructor(
    @InjectRepository(GroupEnvelopeEntity) private readonly envelopes: Repository<GroupEnvelopeEntity>,
    @InjectQueue(envelopeUnlockQueue) private readonly unlockQueue: TypedQueue<EnvelopeUnlockPayload>,
    private readonly access: CampaignAccess,
    private readonly sync: SyncService,
    private readonly content: ContentLibrary,
    private readonly membership: MembershipReader,
    private readonly jobs: JobDirectory,
  ) {}

  async recordOutcome(viewer: AuthenticatedPlayer, input: RecordScenarioOutcomeInput): Promise<ScenarioOutcome> {
    const valid = parseInput(recordScenarioOutcomeSchema, input, 'input');
    const campaign = await this.access.require(valid.campaignId, viewer, 'input.campaignId');
    const system = gameSystemOf(campaign.gameId);
    if (!system || !actionOf(system, OUTCOME_ACTION)) {
      throw new BadUserInputError('input.campaignId', 'outcome-game', `${campaign.gameId} campaigns record their scenarios with their own actions (see campaignActions)`);
    }
    const scenario = this.scenarioOf(campaign, valid.scenarioId);
    const { envelope, namedBy } = this.envelopeNamed(campaign, scenario, valid.envelope ?? null);

    const args = { scenarioId: scenario.id, won: valid.won, envelopeId: envelope?.id ?? null, envelopeNamedBy: namedBy };
    // Tried on the state as read first, so a refusal the state makes stores nothing (not even a client's seq); the push checks again under its lock.
    try {
      applyAction(system.stateSchema, actionOf(system, OUTCOME_ACTION)!, toCampaign(campaign).state, args);
    } catch (error) {
      if (error instanceof ActionRejection) throw refusal(error);
      throw error;
    }
    const pushed = await this.sync.push(viewer, campaign.id, valid.clientId ?? `outcome-${randomBytes(12).toString('base64url')}`, [
      { seq: valid.seq ?? 1, name: OUTCOME_ACTION, args },
    ]);
    const [rejected] = pushed.rejected;
    if (rejected) throw refusal(rejected);

    const outcome = { campaignId: campaign.id, version: pushed.version, scenarioId: scenario.id, won: valid.won, envelopeId: envelope?.id ?? null, envelopeNamedBy: namedBy };
    if (!envelope) {
      const why = valid.won
        ? `No envelope is named: the content pack does not say which envelope ${scenario.name} opens (the seed is silent); send the one its sheet names as \`envelope\`.`
        : `${scenario.name} was not won: nothing opens.`;
      return { ...outcome, opensEnvelope: false, envelopeNote: why, groupEnvelope: null, unlockJob: null };
    }
    if (!valid.won) {
      return { ...outcome, opensEnvelope: false, envelopeNote: `${scenario.name} was not won: ${envelope.name} stays closed.`, groupEnvelope: null, unlockJob: null };
    }
    const row = await this.open(campaign, scenario.id, envelope.id, viewer.playerId);
    const note =
      row.openedInCampaignId === campaign.id && row.openedByScenarioId === scenario.id && row.openedByPlayerId === viewer.playerId
        ? `${envelope.name} opens for every campaign of the group.`
        : `${envelope.name} was already opened for the group by an earlier win; it opens only once.`;
    return { ...outcome, opensEnvelope: true, envelopeNote: note, groupEnvelope: this.toGroupEnvelope(envelope, row), unlockJob: { id: row.jobId } };
  }

  /** Every envelope of the packs, closed or not, for a member of the group. */
  async groupEnvelopes(viewer: AuthenticatedPlayer, groupId: string): Promise<GroupEnvelope[]> {
    await this.membership.requireMember(groupId, viewer.playerId, 'groupId');
    const rows = new Map((await this.envelopes.findBy({ groupId })).map((row) => [row.envelopeId, row]));
    return [...this.content.ofKind('twom-envelope')]
      .sort((a, b) => a.letter.localeCompare(b.letter))
      .map((envelope) => this.toGroupEnvelope(envelope, rows.get(envelope.id) ?? null));
  }

  /**
   * Records the group's opening once and makes sure its job is queued. The
   * insert is ignored when a row exists, so racing wins agree on the first;
   * the add is ignored while BullMQ holds the job id. A job that used up its
   * attempts is retried, so the next win finishes what it could not.
   */
  private async open(campaign: CampaignEntity, scenarioId: string, envelopeId: string, playerId: string): Promise<GroupEnvelopeEntity> {
    const payload = { groupId: campaign.groupId, envelopeId };
    const jobId = envelopeUnlockJobId(payload);
    await this.envelopes
      .createQueryBuilder()
      .insert()
      .values({
        groupId: campaign.groupId,
        envelopeId,
        state: 'OPENING',
        openedInCampaignId: campaign.id,
        openedByScenarioId: scenarioId,
        openedByPlayerId: playerId,
        openedAt: Date.now(),
        completedAt: null,
        jobId,
        campaignsDone: 0,
        campaignsTotal: 0,
      })
      .orIgnore()
      .execute();
    const row = await this.envelopes.findOneByOrFail({ groupId: campaign.groupId, envelopeId });
    if (row.state !== 'OPENED') {
      const existing = await this.unlockQueue.queue.getJob(jobId);
      if (existing && (await existing.isFailed())) await existing.retry('failed');
      else if (!existing) await this.unlockQueue.add('open-envelope', payload, { jobId });
    }
    // Every current member may follow it with job(id), whoever's win queued it; recording again is harmless.
    await this.jobs.record(jobId, envelopeUnlockQueue.name, { kind: 'group', groupId: campaign.groupId });
    return row;
  }

  private scenarioOf(campaign: CampaignEntity, scenarioId: string): Scenario {
    const item = this.content.get(scenarioId) as Scenario | undefined;
    if (!item || !item.kind.endsWith('-scenario') || item.gameId !== campaign.gameId) {
      throw new BadUserInputError('input.scenarioId', 'known-scenario', `${scenarioId} is not a scenario of ${campaign.gameId}; see the game's scenarios in the content subgraph`);
    }
    return item;
  }

  /** The pack's envelope where it names one, else the sheet's as the players sent it, checked against the content. */
  private envelopeNamed(campaign: CampaignEntity, scenario: Scenario, sent: string | null): NamedEnvelope {
    const byPack = scenario.envelopeId ? (this.content.getOfKind('twom-envelope', scenario.envelopeId) ?? null) : null;
    if (sent === null) return byPack ? { envelope: byPack, namedBy: EnvelopeNamedBy.PACK } : { envelope: null, namedBy: null };
    const envelope = this.content.getOfKind('twom-envelope', sent);
    if (!envelope) throw new BadUserInputError('input.envelope', 'known-envelope', `${sent} is not an envelope; the envelopes are twom:envelope:a to twom:envelope:e`);
    if (envelope.gameId !== campaign.gameId) {
      throw new BadUserInputError('input.envelope', 'envelope-game', `${envelope.name} belongs to ${envelope.gameId} campaigns, not ${campaign.gameId}`);
    }
    if (scenario.moduleId !== envelope.moduleId) {
      throw new BadUserInputError('input.envelope', 'envelope-scenario', `${envelope.name} comes with the scenarios of its module; ${scenario.name} is not one of them`);
    }
    if (byPack && byPack.id !== envelope.id) {
      throw new BadUserInputError('input.envelope', 'pack-envelope', `The content pack says ${scenario.name} opens ${byPack.name}, not ${envelope.name}`);
    }
    return { envelope, namedBy: byPack ? EnvelopeNamedBy.PACK : EnvelopeNamedBy.SCENARIO_SHEET };
  }

  private toGroupEnvelope(envelope: Envelope, row: GroupEnvelopeEntity | null): GroupEnvelope {
    const contentGaps = envelope.gaps.map((gap) => ({ field: gap.field ?? 'text', note: gap.note }));
    const base = { envelopeId: envelope.id, letter: envelope.letter, name: envelope.name, contentGaps };
    if (!row) {
      return {
        ...base,
        state: GroupEnvelopeState.CLOSED,
        progress: null,
        openedAt: null,
        completedAt: null,
        openedByScenarioId: null,
        openedInCampaignId: null,
        openedByPlayerId: null,
        unlockJobId: null,
        unlockJob: null,
      };
    }
    const opened = row.state === 'OPENED';
    const total = Math.max(row.campaignsTotal, row.campaignsDone);
    return {
      ...base,
      state: opened ? GroupEnvelopeState.OPENED : GroupEnvelopeState.OPENING,
      progress: {
        campaignsDone: row.campaignsDone,
        campaignsTotal: total,
        percent: opened ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((row.campaignsDone / total) * 100)),
      },
      openedAt: new Date(row.openedAt),
      completedAt: row.completedAt === null ? null : new Date(row.completedAt),
      openedByScenarioId: row.openedByScenarioId,
      openedInCampaignId: row.openedInCampaignId,
      openedByPlayerId: row.openedByPlayerId,
      unlockJobId: row.jobId,
      unlockJob: { id: row.jobId },
    };
  }
}
