import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import {
  BadUserInputError,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  InjectRepository,
  pageSize,
  parseInput,
  timeOrderedId,
  toConnection,
} from '@scriptbook/platform';
import { MembershipReader, personalGroupId } from '@scriptbook/platform/membership';
import { RuleInputError } from '@scriptbook/rules-engine';
import { In, LessThan, Repository } from 'typeorm';
import { gameSystemOf, GameSystem, InitialState } from '../state/game-systems';
import { SetupRunner } from '../state/setup-runner';
import { GroupEnvelopeLedger } from '../envelopes/group-envelope-ledger';
import { CampaignEntity } from './campaign.entity';
import { Campaign, CampaignSetupStep, CreateCampaignInput, createCampaignSchema } from './campaign.model';

export function toCampaign(entity: CampaignEntity): Campaign {
  const system = gameSystemOf(entity.gameId);
  return {
    id: entity.id,
    name: entity.name,
    gameId: entity.gameId,
    groupId: entity.groupId,
    ownerId: entity.ownerId,
    system: system?.id ?? null,
    // Campaigns made before state existed start from the empty state of their game.
    state: entity.state ?? system?.initial(entity.seed ?? entity.id, null).state ?? null,
    version: entity.version,
    seed: entity.seed,
    setupTranscript: (entity.setupTranscript as CampaignSetupStep[] | null) ?? null,
    createdAt: entity.createdAt,
  };
}

@Injectable()
export class CampaignsService {
  private readonly setups: SetupRunner;

  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    private readonly content: ContentLibrary,
    private readonly membership: MembershipReader,
    private readonly groupEnvelopes: GroupEnvelopeLedger,
  ) {
    this.setups = new SetupRunner(content);
  }

  async create(playerId: string, input: CreateCampaignInput): Promise<Campaign> {
    const valid = parseInput(createCampaignSchema, input);
    requireGameId(this.content, valid.gameId, 'input.gameId');
    const system = gameSystemOf(valid.gameId);
    if (!system) throw new BadUserInputError('input.gameId', 'campaign-game', `${valid.gameId} has no campaign state`);
    const groupId = valid.groupId ?? personalGroupId(playerId);
    await this.membership.requireMember(groupId, playerId, 'input.groupId');
    const seed = valid.seed ?? randomBytes(12).toString('base64url');
    const initial = this.initialStateOf(system, seed, valid.setup ?? null, valid.setupProcedure ?? null);
    // Legacy envelopes belong to the group: a new campaign starts with the ones it has opened.
    const state = await this.groupEnvelopes.withOpenedEnvelopes(groupId, valid.gameId, initial.state);
    const entity = this.campaigns.create({
      id: timeOrderedId(),
      ownerId: playerId,
      groupId,
      gameId: valid.gameId,
      name: valid.name,
      version: 0,
      state: state as object,
      seed,
      setupTranscript: initial.setupTranscript as object[] | null,
    });
    await this.campaigns.insert(entity);
    return toCampaign(await this.campaigns.findOneByOrFail({ id: entity.id }));
  }

  /** Newest first across the given groups; ids are time-ordered, so the id alone is the cursor. */
  async listForGroups(groupIds: readonly string[], first?: number | null, after?: string | null): Promise<ConnectionShape<Campaign>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const rows = await this.campaigns.find({
      where: { groupId: In([...groupIds]), ...(afterId ? { id: LessThan(afterId) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    return toConnection(rows.map(toCampaign), limit, (c) => encodeCursor([c.id]), afterId !== undefined);
  }

  async myCampaigns(playerId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<Campaign>> {
    pageSize(first);
    return this.listForGroups(await this.membership.groupsOf(playerId), first, after);
  }

  async groupCampaigns(playerId: string, groupId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<Campaign>> {
    pageSize(first);
    await this.membership.requireMember(groupId, playerId, 'groupId');
    return this.listForGroups([groupId], first, after);
  }

  /**
   * The state a new campaign starts from: empty, or what the engine's setup
   * (the game's first, or the one named) resolved to. The procedure's own
   * schema checks the input; its errors name `input.setup.<field>`.
   */
  private initialStateOf(system: GameSystem, seed: string, setupInput: unknown, procedureId: string | null): InitialState {
    if (setupInput === null) {
      if (procedureId !== null) throw new BadUserInputError('input.setup', 'required', 'setup is required when setupProcedure is given');
      return system.initial(seed, null);
    }
    if (system.setups.length === 0) throw new BadUserInputError('input.setup', 'no-setup', 'This game has no setup a campaign runs; leave setup out');
    const setup = procedureId === null ? system.setups[0] : system.setups.find((s) => s.procedure.id === procedureId);
    if (!setup) {
      const ids = system.setups.map((s) => s.procedure.id).join(', ');
      throw new BadUserInputError('input.setupProcedure', 'one-of', `setupProcedure must be one of ${ids} for this game`);
    }
    try {
      return system.initial(seed, this.setups.run(setup, setupInput, seed));
    } catch (error) {
      // The engine names a wrong-typed whole input `input`: here that is `setup` itself.
      if (error instanceof RuleInputError) throw new BadUserInputError(error.field === 'input' ? 'input.setup' : `input.setup.${error.field}`, error.rule, error.message);
      throw error;
    }
  }
}
