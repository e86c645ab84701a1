import { Injectable } from '@nestjs/common';
import { LegacyUnlocks, OpenedEnvelope, withOpened } from '@scriptbook/campaign-model';
import { ContentLibrary } from '@scriptbook/content';
import { InjectRepository } from '@scriptbook/platform';
import { Repository } from 'typeorm';
import { GroupEnvelopeEntity } from './group-envelope.entity';

/** What a group has opened, as campaigns hold it. */
@Injectable()
export class GroupEnvelopeLedger {
  constructor(
    @InjectRepository(GroupEnvelopeEntity) private readonly envelopes: Repository<GroupEnvelopeEntity>,
    private readonly content: ContentLibrary,
  ) {}

  /**
   * The state a new campaign of the group starts from: with every envelope of
   * its game the group has opened, or is opening (the unlock job may have
   * passed the point where it would reach this campaign, and skips it when it
   * does not).
   */
  async withOpenedEnvelopes(groupId: string, gameId: string, legacy: LegacyUnlocks, state: unknown): Promise<unknown> {
    const opened = (await this.envelopes.find({ where: { groupId }, order: { openedAt: 'ASC' } }))
      .filter((row) => this.content.getOfKind(legacy.contentKind, row.envelopeId)?.gameId === gameId)
      .map((row): OpenedEnvelope => ({ envelopeId: row.envelopeId, openedAt: new Date(row.openedAt).toISOString(), byScenarioId: row.openedByScenarioId }));
    return withOpened(legacy, state, opened);
  }
}
