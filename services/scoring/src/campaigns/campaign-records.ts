import { Inject, Injectable } from '@nestjs/common';
import type { CampaignRecord } from '@scriptbook/games';
import {
  APP_CONFIG,
  GATEWAY_CLIENT_ADDRESS_HEADER,
  GATEWAY_SIGNATURE_HEADER,
  NotFoundError,
  ServiceUnavailableError,
  signGatewayRequest,
} from '@scriptbook/platform';
import { ScoringConfig } from '../scoring.config';

/** The campaign as it stands and as its setup dealt it (version 0), in one request. */
const RECORD_QUERY = `query CampaignRecordForScoring($id: ID!) {
  campaign(id: $id) { id gameId groupId setupProcedureId stateJson }
  campaignAt(campaignId: $id, version: 0) { stateJson }
}`;

interface RecordResponse {
  readonly data?: {
    readonly campaign: { id: string; gameId: string; groupId: string; setupProcedureId: string | null; stateJson: unknown } | null;
    readonly campaignAt: { stateJson: unknown } | null;
  } | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: { readonly code?: string } }[];
}

/** Who asks for a record: the caller's own token and address, as the gateway passed them to scoring. */
export interface RecordCaller {
  readonly authorization: string | undefined;
  readonly clientAddress: string | undefined;
}

/**
 * Reads a campaign's record from the campaigns subgraph itself, never from
 * the client: a request to CAMPAIGNS_URL signed with the gateway's scheme
 * (GATEWAY_SIGNING_SECRET, over the body and the caller's address), carrying
 * the caller's own bearer token, so campaigns authorizes the caller as it
 * does any request and answers only a member of the campaign's group.
 * Scoring checks that membership again itself before it scores.
 */
@Injectable()
export class CampaignRecords {
  constructor(@Inject(APP_CONFIG) private readonly config: ScoringConfig) {}

  /** The record of a campaign the caller may see; NOT_FOUND on `field` for any other, as campaigns answers it. */
  async read(campaignId: string, caller: RecordCaller, field: string): Promise<CampaignRecord> {
    const body = JSON.stringify({ query: RECORD_QUERY, variables: { id: campaignId } });
    const address = caller.clientAddress ?? '';
    let response: RecordResponse;
    try {
      const answer = await fetch(this.config.CAMPAIGNS_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(this.config.GATEWAY_SIGNING_SECRET, body, address),
          [GATEWAY_CLIENT_ADDRESS_HEADER]: address,
          ...(caller.authorization ? { authorization: caller.authorization } : {}),
        },
        body,
        signal: AbortSignal.timeout(this.config.SCORING_CAMPAIGNS_TIMEOUT_MS),
      });
      response = (await answer.json()) as RecordResponse;
    } catch {
      throw new ServiceUnavailableError('The campaigns service did not answer; try the submission again');
    }
    const refusal = response.errors?.[0];
    if (refusal?.extensions?.code === 'NOT_FOUND') throw new NotFoundError('Campaign', campaignId, field);
    const campaign = response.data?.campaign;
    const dealt = response.data?.campaignAt;
    if (refusal || !campaign || !dealt) throw new ServiceUnavailableError('The campaigns service could not give the campaign’s record; try the submission again');
    return {
      id: campaign.id,
      gameId: campaign.gameId,
      groupId: campaign.groupId,
      setupProcedureId: campaign.setupProcedureId,
      state: campaign.stateJson,
      dealtState: dealt.stateJson,
    };
  }
}
