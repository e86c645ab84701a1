import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ActionRejection, actionOf, applyAction, CampaignModel, LegacyUnlocks } from '@scriptbook/campaign-model';
import { ContentItem, ContentLibrary } from '@scriptbook/content';
import { AuthenticatedPlayer, BadUserInputError, DomainError, InjectQueue, InjectRepository, parseInput, TypedQueue } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { MembershipReader } from '@scriptbook/platform/membership';
import { Repository } from 'typeorm';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignModels } from '../campaigns/campaign-models';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignStore } from '../store/campaign-store';
import { rejectionError } from '../sync/rejection-error';
import { SyncService } from '../sync/sync.service';
import { envelopeUnlockJobId, envelopeUnlockQueue, EnvelopeUnlockPayload } from './envelope-unlock.queue';
import { EnvelopeNamedBy, GroupEnvelope, GroupEnvelopeState, RecordScenarioOutcomeInput, recordScenarioOutcomeSchema, ScenarioOutcome } from './envelope.model';
import { envelopeProgressPercent } from './envelope-progress';

/** An item that opens (its model's `contentKind`), read by the fields every such item has. */
type Envelope = ContentItem & { readonly gameId: string; readonly moduleId?: string };
type Scenario = ContentItem & { readonly gameId: string; readonly moduleId?: string };

interface NamedEnvelope {
  readonly envelope: Envelope | null;
  readonly namedBy: EnvelopeNamedBy | null;
}

/** A game whose campaigns open legacy envelopes: its model, and what its declaration says of them. */
interface LegacyGame {
  readonly model: CampaignModel;
  readonly legacy: LegacyUnlocks;
}

/**
 * Where a field of the outcome action, or of the push that carries it, came
 * from in this mutation's input: the action's `envelopeId` is the input's
 * `envelope`, the push's only action's seq is `input.seq`. A state path
 * (`state.…`) names no input and stays as it is.
 */
export function outcomeInputField(field: string): string {
  if (field === 'args' || field === 'input.actions' || field === 'input.actions[0].args') return 'input';
  if (field === 'input.actions[0].seq') return 'input.seq';
  const arg = /^args\.(\w+)/.exec(field);
  if (arg) return arg[1] === 'envelopeId' || arg[1] === 'envelopeNamedBy' ? 'input.envelope' : `input.${arg[1]}`;
  return field;
}

/** A refused outcome action as the mutation's error, its field named as the input's. */
function refusal(rejected: { code: string; reason: string; field: string; rule: string }): DomainError {
  return rejectionError(rejected, outcomeInputField(rejected.field));
}

/** A push refused as a whole (a seq out of order, say), its field named as this mutation's input names it. */
function asOutcomeInput(error: unknown): unknown {
  if (!(error instanceof BadUserInputError) || error.details.field === undefined) return error;
  const field = outcomeInputField(error.details.field);
  if (field === error.details.field) return error;
  return new BadUserInputError(field, error.details.rule ?? 'invalid', error.message.replace(error.details.field, field));
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
  private readonly scenarioKinds: ReadonlySet<string>;

  constructor(
    @InjectRepository(GroupEnvelopeEntity) private readonly envelopes: Repository<GroupEnvelopeEntity>,
    @InjectQueue(envelopeUnlockQueue) private readonly unlockQueue: TypedQueue<EnvelopeUnlockPayload>,
    private readonly access: CampaignAccess,
    private readonly models: CampaignModels,
    private readonly store: CampaignStore,
    private readonly sync: SyncService,
    private readonly content: ContentLibrary,
    private readonly membership: MembershipReader,
    private readonly jobs: JobDirectory,
  ) {
    this.scenarioKinds = new Set(content.kinds.inGroup('scenario'));
  }

  async recordOutcome(viewer: AuthenticatedPlayer, input: RecordScenarioOutcomeInput): Promise<ScenarioOutcome> {
    const valid = parseInput(recordScenarioOutcomeSchema, input, 'input');
    const campaign = await this.access.require(valid.campaignId, viewer, 'input.campaignId');
    const { model, legacy } = this.legacyGameOf(campaign);
    const outcomeAction = actionOf(model, legacy.outcomeAction)!;
    const scenario = this.scenarioOf(campaign, valid.scenarioId);
    const { envelope, namedBy } = this.envelopeNamed(campaign, legacy, scenario, valid.envelope ?? null);

    const args = { scenarioId: scenario.id, won: valid.won, envelopeId: envelope?.id ?? null, envelopeNamedBy: namedBy };
    // Tried on the state as read first, so a refusal the state makes stores nothing (not even a client's seq); the push checks again under its lock.
    try {
      applyAction(model.stateSchema, outcomeAction, this.models.stateOf(campaign), args);
    } catch (error) {
      if (error instanceof ActionRejection) throw refusal(error);
      throw error;
    }
    const pushed = await this.sync
      .push(viewer, campaign.id, valid.clientId ?? `outcome-${randomBytes(12).toString('base64url')}`, [{ seq: valid.seq ?? 1, name: outcomeAction.name, args }])
      .catch((error: unknown) => {
        throw asOutcomeInput(error);
      });
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
    return { ...outcome, opensEnvelope: true, envelopeNote: note, groupEnvelope: this.toGroupEnvelope(legacy, envelope, row), unlockJob: { id: row.jobId } };
  }

  /** Every envelope of the packs, closed or not, for a member of the group: game by game in catalog order, each game's by letter. */
  async groupEnvelopes(viewer: AuthenticatedPlayer, groupId: string): Promise<GroupEnvelope[]> {
    await this.membership.requireMember(groupId, viewer.playerId, 'groupId');
    const rows = new Map((await this.envelopes.findBy({ groupId })).map((row) => [row.envelopeId, row]));
    return this.models.catalog.campaignGames().flatMap((game) => {
      const legacy = game.campaign!.legacy;
      if (!legacy) return [];
      return [...(this.content.ofKind(legacy.contentKind) as Envelope[])]
        .filter((envelope) => envelope.gameId === game.id)
        .sort((a, b) => letterOf(legacy, a).localeCompare(letterOf(legacy, b)))
        .map((envelope) => this.toGroupEnvelope(legacy, envelope, rows.get(envelope.id) ?? null));
    });
  }

  /** The model of the campaign's game and its legacy declaration; BAD_USER_INPUT (rule `outcome-game`) for a game without one. */
  private legacyGameOf(campaign: CampaignEntity): LegacyGame {
    const model = this.models.of(campaign.gameId);
    const legacy = model?.legacy;
    if (!model || !legacy || !actionOf(model, legacy.outcomeAction)) {
      throw new BadUserInputError('input.campaignId', 'outcome-game', `${campaign.gameId} campaigns record their scenarios with their own actions (see campaignActions)`);
    }
    return { model, legacy };
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
    // Counted now, as the job counts when it starts, so the first answer already says how many campaigns the opening concerns.
    const campaignsTotal = await this.store.countCampaigns(campaign.groupId, campaign.gameId);
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
        campaignsTotal,
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
    // Read again once the job is queued: a worker may already have moved it on, and the answer shows where it stands now, never behind the job.
    return this.envelopes.findOneByOrFail({ groupId: campaign.groupId, envelopeId });
  }

  private scenarioOf(campaign: CampaignEntity, scenarioId: string): Scenario {
    const item = this.content.get(scenarioId) as Scenario | undefined;
    if (!item || !this.scenarioKinds.has(item.kind) || item.gameId !== campaign.gameId) {
      throw new BadUserInputError('input.scenarioId', 'known-scenario', `${scenarioId} is not a scenario of ${campaign.gameId}; see the game's scenarios in the content subgraph`);
    }
    return item;
  }

  /** The pack's envelope where it names one, else the sheet's as the players sent it, checked against the content. */
  private envelopeNamed(campaign: CampaignEntity, legacy: LegacyUnlocks, scenario: Scenario, sent: string | null): NamedEnvelope {
    const envelopeOf = (id: string) => (this.content.getOfKind(legacy.contentKind, id) as Envelope | undefined) ?? null;
    const packNames = scenario[legacy.scenarioField];
    const byPack = typeof packNames === 'string' ? envelopeOf(packNames) : null;
    if (sent === null) return byPack ? { envelope: byPack, namedBy: EnvelopeNamedBy.PACK } : { envelope: null, namedBy: null };
    const envelope = envelopeOf(sent);
    if (!envelope) {
      const ids = this.content.ofKind(legacy.contentKind).filter((item) => item.gameId === campaign.gameId).map((item) => item.id);
      throw new BadUserInputError('input.envelope', 'known-envelope', `${sent} is not an envelope; the envelopes of ${campaign.gameId} are ${ids.join(', ')}`);
    }
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

  private toGroupEnvelope(legacy: LegacyUnlocks, envelope: Envelope, row: GroupEnvelopeEntity | null): GroupEnvelope {
    const contentGaps = envelope.gaps.map((gap) => ({ field: gap.field ?? 'text', note: gap.note }));
    const base = { envelopeId: envelope.id, letter: letterOf(legacy, envelope), name: envelope.name, contentGaps };
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
      progress: { campaignsDone: row.campaignsDone, campaignsTotal: total, percent: envelopeProgressPercent(row.campaignsDone, total, opened) },
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

/** The printed letter a player reads an envelope by: the item's field the game's declaration names. */
function letterOf(legacy: LegacyUnlocks, envelope: Envelope): string {
  return String(envelope[legacy.letterField] ?? '');
}
