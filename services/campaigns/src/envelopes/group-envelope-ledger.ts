import { Injectable } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { InjectRepository } from '@scriptbook/platform';
import { Repository } from 'typeorm';
import { gameSystemOf } from '../state/game-systems';
import { OpenedEnvelope } from '../state/twom/twom-actions';
import { GroupEnvelopeEntity } from './group-envelope.entity';

/** What a group has opened, as campaigns hold it. */
@Injectable()
export class GroupEnvelopeLedger {
  constructor(
    @InjectRepository(GroupEnvelopeEntity) private readonly envelopes: Repository<GroupEnvelopeEntity>,
    private readonly content: ContentLibrary,
  ) {}

  /**
   * The state a new campaign of the group starts from: with every envelope
   * the group has opened, or is opening (the unlock job may have passed the
   * point where it would reach this campaign, and skips it when it does not).
   */
  async withOpenedEnvelopes(groupId: string, gameId: string, state: unknown): Promise<unknown> {
    if (gameSystemOf(gameId)?.id !== 'twom') return state;
    const opened = (await this.envelopes.find({ where: { groupId }, order: { openedAt: 'ASC' } }))
      .filter((row) => this.content.getOfKind('twom-envelope', row.envelopeId)?.gameId === gameId)
      .map((row): OpenedEnvelope => ({ envelopeId: row.envelopeId, openedAt: new Date(row.openedAt).toISOString(), byScenarioId: row.openedByScenarioId }));
    if (opened.length === 0) return state;
    return { ...(state as object), envelopesOpened: opened };
  }
}
