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
import { gameSystemOf, GameSystem } from '../state/game-systems';
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
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    private readonly content: ContentLibrary,
    private readonly membership: MembershipReader,
    private readonly groupEnvelopes: GroupEnvelopeLedger,
  ) {}

  async create(playerId: string, input: CreateCampaignInput): Promise<Campaign> {
    const valid = parseInput(createCampaignSchema, input);
    requireGameId(this.content, valid.gameId, 'input.gameId');
    const system = gameSystemOf(valid.gameId);
    if (!system) throw new BadUserInputError('input.gameId', 'campaign-game', `${valid.gameId} has no campaign state`);
    const groupId = valid.groupId ?? personalGroupId(playerId);
    await this.membership.requireMember(groupId, playerId, 'input.groupId');
    const seed = valid.seed ?? randomBytes(12).toString('base64url');
    const initial = initialStateOf(system, seed, valid.setup ?? null);
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
}

function initialStateOf(system: GameSystem, seed: string, setup: unknown) {
  if (setup !== null && system.setupProcedure === null) {
    throw new BadUserInputError('input.setup', 'no-setup', 'This game has no setup a campaign runs; leave setup out');
  }
  try {
    return system.initial(seed, setup);
  } catch (error) {
    if (error instanceof RuleInputError) throw new BadUserInputError(`input.setup.${error.field}`, error.rule, error.message);
    throw error;
  }
}
