import { Injectable } from '@nestjs/common';
import { BadUserInputError } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { CampaignRecords, RecordCaller } from '../campaigns/campaign-records';
import { DailyChallenges } from '../challenge/daily-challenges.service';
import { ScoredGame } from '../games/scored-games';
import { ServedResult } from './result-mapping';
import { ResultsService } from './results.service';
import { checkClientSubmissionId, underInput } from './submission-errors';

/** What a table sends to score a campaign: the platform's fields, and what the game's scoring lets the table add to the record. */
export interface SubmittedCampaign {
  readonly campaignId: string;
  readonly clientSubmissionId: string;
  readonly challengeId?: string | null;
  readonly [field: string]: unknown;
}

/** The mutation's argument for a submission from a campaign; its refusals name fields under it. */
export const CAMPAIGN_ARG = 'fromCampaign';

/**
 * Results scored from the platform's own record of a campaign. The record
 * comes from the campaigns subgraph (never from the client); the caller must
 * be a member of the campaign's group, which this service checks itself on
 * the membership model; the game's scoring makes the submission from the
 * record and what the table adds. The result is stored as any other, with
 * the campaign's id, whose unique index lets a campaign score once.
 */
@Injectable()
export class CampaignResultsService {
  constructor(
    private readonly records: CampaignRecords,
    private readonly membership: MembershipReader,
    private readonly challenges: DailyChallenges,
    private readonly results: ResultsService,
  ) {}

  async submit(game: ScoredGame, playerId: string, input: SubmittedCampaign, caller: RecordCaller, now = new Date()): Promise<ServedResult> {
    const fromCampaign = game.rules.fromCampaign;
    if (!fromCampaign) throw new Error(`${game.id} scores no campaign; its schema offers no ${CAMPAIGN_ARG}`);
    const field = `${CAMPAIGN_ARG}.campaignId`;
    checkClientSubmissionId(input.clientSubmissionId, CAMPAIGN_ARG);
    // Counted before anything is read for it: a player over the limit gets no record read from campaigns.
    const retried = await this.results.admitCampaignSubmission(game, playerId, input.clientSubmissionId, input.campaignId, CAMPAIGN_ARG, now);
    if (retried) return retried;
    const terms = input.challengeId ? await this.challenges.termsFor(game, input.challengeId, now, CAMPAIGN_ARG) : null;
    const record = await this.records.read(input.campaignId, caller, field);
    // Campaigns answered for the caller; scoring requires a member of the campaign's group itself, from the membership model.
    await this.membership.requireMember(record.groupId, playerId, field);
    if (record.id !== input.campaignId || record.gameId !== game.id) {
      throw new BadUserInputError(field, 'campaign-game', `${field}: ${input.campaignId} is a campaign of ${record.gameId}, not of ${game.id}`);
    }
    const { campaignId, clientSubmissionId, challengeId, ...table } = input;
    const made = underInput(() => fromCampaign(record, table, terms), CAMPAIGN_ARG);
    // Stored as the submission its record made, so a rescore runs it again as any other.
    const submission = { ...(made.submission as object), clientSubmissionId, challengeId: challengeId ?? null };
    return this.results.submit(game, playerId, submission as never, now, { campaignId, at: CAMPAIGN_ARG, scored: made.scored, admitted: true });
  }
}
