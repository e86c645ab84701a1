import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CampaignModel, CampaignSetup, InitialState } from '@scriptbook/campaign-model';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { BadUserInputError, ConnectionShape, decodeCursor, encodeCursor, pageSize, parseInput, timeOrderedId, toConnection } from '@scriptbook/platform';
import { MembershipReader, personalGroupId } from '@scriptbook/platform/membership';
import { GroupEnvelopeLedger } from '../legacy/group-envelope-ledger';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignStore } from '../store/campaign-store';
import { CampaignModels } from './campaign-models';
import { CampaignSetupRun } from './campaign-setup-run';
import type { RequestedSetup } from './campaign-setup-inputs';
import { Campaign, CampaignSetupStep, CreateCampaignFields, createCampaignSchema } from './campaign.model';

/** A new campaign's initial state with the setup that made it: the procedure and its input as run, or null for both when none ran. */
interface StartedSetup extends InitialState {
  readonly procedureId: string | null;
  readonly input: unknown;
}

const noSetup = (model: CampaignModel, seed: string): StartedSetup => ({ ...model.initial(seed, null), procedureId: null, input: null });

@Injectable()
export class CampaignsService {
  constructor(
    private readonly store: CampaignStore,
    private readonly models: CampaignModels,
    private readonly content: ContentLibrary,
    private readonly setupRun: CampaignSetupRun,
    private readonly membership: MembershipReader,
    private readonly groupEnvelopes: GroupEnvelopeLedger,
  ) {}

  /** A stored campaign as the API serves it. */
  toCampaign(entity: CampaignEntity): Campaign {
    return {
      id: entity.id,
      name: entity.name,
      gameId: entity.gameId,
      groupId: entity.groupId,
      ownerId: entity.ownerId,
      state: this.models.stateOf(entity),
      version: entity.version,
      seed: entity.seed,
      setupTranscript: (entity.setupTranscript as CampaignSetupStep[] | null) ?? null,
      setupProcedureId: entity.setupProcedureId ?? null,
      createdAt: entity.createdAt,
      archivedAt: entity.archivedAt === null ? null : new Date(entity.archivedAt),
    };
  }

  async create(playerId: string, input: CreateCampaignFields, requested: RequestedSetup): Promise<Campaign> {
    const valid = parseInput(createCampaignSchema, input);
    requireGameId(this.content, valid.gameId, 'input.gameId');
    const model = this.models.require(valid.gameId, 'input.gameId');
    const groupId = valid.groupId ?? personalGroupId(playerId);
    await this.membership.requireMember(groupId, playerId, 'input.groupId');
    const seed = valid.seed ?? randomBytes(12).toString('base64url');
    const initial = this.initialStateOf(model, valid.gameId, seed, requested);
    // What the group has opened for good belongs to it: a new campaign starts with it.
    const state = model.legacy ? await this.groupEnvelopes.withOpenedEnvelopes(groupId, valid.gameId, model.legacy, initial.state) : initial.state;
    const stored = await this.store.insert({
      id: timeOrderedId(),
      ownerId: playerId,
      groupId,
      gameId: valid.gameId,
      name: valid.name,
      state: state as object,
      seed,
      setupTranscript: initial.setupTranscript as object[] | null,
      // Kept with the row, in its transaction, so the campaign's file carries the whole setup and an import can run it again.
      setupProcedureId: initial.procedureId,
      setupInput: (initial.input ?? null) as object | null,
    });
    return this.toCampaign(stored);
  }

  /** Newest first across the given groups; ids are time-ordered, so the id alone is the cursor. */
  async listForGroups(groupIds: readonly string[], first?: number | null, after?: string | null, includeArchived = false): Promise<ConnectionShape<Campaign>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const rows = await this.store.pageOfGroups(groupIds, afterId, limit + 1, includeArchived);
    return toConnection(
      rows.map((row) => this.toCampaign(row)),
      limit,
      (c) => encodeCursor([c.id]),
      afterId !== undefined,
    );
  }

  async myCampaigns(playerId: string, first?: number | null, after?: string | null, includeArchived = false): Promise<ConnectionShape<Campaign>> {
    pageSize(first);
    return this.listForGroups(await this.membership.groupsOf(playerId), first, after, includeArchived);
  }

  async groupCampaigns(playerId: string, groupId: string, first?: number | null, after?: string | null, includeArchived = false): Promise<ConnectionShape<Campaign>> {
    pageSize(first);
    await this.membership.requireMember(groupId, playerId, 'groupId');
    return this.listForGroups([groupId], first, after, includeArchived);
  }

  /**
   * The state a new campaign starts from: empty, or what the engine's setup
   * resolved to. The procedure's own schema checks the input; its errors
   * name the input field the setup came in (`input.<setup field>.<field>`).
   */
  private initialStateOf(model: CampaignModel, gameId: string, seed: string, requested: RequestedSetup): StartedSetup {
    if (requested.kind === 'none') return noSetup(model, seed);
    if (requested.kind === 'typed') {
      const field = `input.${requested.field.name}`;
      const setup = model.setups.find((s) => s.procedure.id === requested.field.procedureId);
      if (!setup) throw this.notThisGamesSetup(model, gameId, field, requested.field.name);
      return this.run(model, setup, requested.input, seed, field);
    }
    if (requested.setup === null) {
      if (requested.setupProcedure !== null) throw new BadUserInputError('input.setup', 'required', 'setup is required when setupProcedure is given');
      return noSetup(model, seed);
    }
    if (model.setups.length === 0) throw new BadUserInputError('input.setup', 'no-setup', 'This game has no setup a campaign runs; leave setup out');
    const setup = requested.setupProcedure === null ? model.setups[0] : model.setups.find((s) => s.procedure.id === requested.setupProcedure);
    if (!setup) {
      const ids = model.setups.map((s) => s.procedure.id).join(', ');
      throw new BadUserInputError('input.setupProcedure', 'one-of', `setupProcedure must be one of ${ids} for this game`);
    }
    return this.run(model, setup, requested.setup, seed, 'input.setup');
  }

  private run(model: CampaignModel, setup: CampaignSetup, input: unknown, seed: string, field: string): StartedSetup {
    return { ...this.setupRun.run(model, setup, input, seed, field), procedureId: setup.procedure.id, input };
  }

  private notThisGamesSetup(model: CampaignModel, gameId: string, field: string, name: string): BadUserInputError {
    if (model.setups.length === 0) return new BadUserInputError(field, 'no-setup', `A ${gameId} campaign runs no setup; leave ${name} out`);
    const own = model.setups.map((s) => `\`${s.procedure.field}\``).join(' or ');
    return new BadUserInputError(field, 'setup-game', `${name} sets up a campaign of another game; a ${gameId} campaign takes ${own}`);
  }
}
