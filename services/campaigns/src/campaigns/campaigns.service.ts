import { Injectable } from '@nestjs/common';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import {
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  InjectRepository,
  pageSize,
  parseInput,
  timeOrderedId,
  toConnection,
} from '@scriptbook/platform';
import { In, LessThan, Repository } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { Campaign, CreateCampaignInput, createCampaignSchema } from './campaign.model';

const toCampaign = (entity: CampaignEntity): Campaign => ({
  id: entity.id,
  name: entity.name,
  gameId: entity.gameId,
  ownerId: entity.ownerId,
  version: entity.version,
  createdAt: entity.createdAt,
});

@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    private readonly content: ContentLibrary,
  ) {}

  async create(ownerId: string, input: CreateCampaignInput): Promise<Campaign> {
    const valid = parseInput(createCampaignSchema, input);
    requireGameId(this.content, valid.gameId, 'input.gameId');
    const entity = this.campaigns.create({ id: timeOrderedId(), ownerId, gameId: valid.gameId, name: valid.name, version: 0 });
    await this.campaigns.insert(entity);
    return toCampaign((await this.campaigns.findOneByOrFail({ id: entity.id })));
  }

  /** Newest first; ids are time-ordered, so the id alone is the cursor. */
  async listForOwner(ownerId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<Campaign>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const rows = await this.campaigns.find({
      where: { ownerId, ...(afterId ? { id: LessThan(afterId) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    return toConnection(rows.map(toCampaign), limit, (c) => encodeCursor([c.id]), afterId !== undefined);
  }

  async findByIds(ids: readonly string[]): Promise<Campaign[]> {
    const rows = await this.campaigns.findBy({ id: In([...ids]) });
    return rows.map(toCampaign);
  }
}
