import { SdkSubmitZoneSurvivalCampaignResult, SdkSubmitZoneSurvivalCampaignResultMutation, SubmitZoneSurvivalResultFromCampaignInput } from '../generated/operations';
import type { Operation } from './operation';

/** What the table adds to a finished Zone Survival campaign's record when it scores it. */
export type ZoneSurvivalCampaignSubmission = SubmitZoneSurvivalResultFromCampaignInput;
/** The result the server stored, at verification `PLATFORM_RECORD`. */
export type ZoneSurvivalCampaignResult = SdkSubmitZoneSurvivalCampaignResultMutation['submitZoneSurvivalResult']['result'];

type Signed = <R, V>(operation: Operation<R, V>, variables: V) => Promise<R>;

/** Scores played games, online, over the SDK's generated operations. */
export interface ScoringApi {
  submitZoneSurvivalCampaign(submission: ZoneSurvivalCampaignSubmission): Promise<ZoneSurvivalCampaignResult>;
}

export function graphqlScoringApi(signed: Signed): ScoringApi {
  return {
    async submitZoneSurvivalCampaign(submission) {
      return (await signed(SdkSubmitZoneSurvivalCampaignResult, { fromCampaign: submission })).submitZoneSurvivalResult.result;
    },
  };
}
