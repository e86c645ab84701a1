import type { JsonObject, JsonValue } from '../json';
import {
  CreateCampaignInput,
  SdkCampaign,
  SdkCampaignActions,
  SdkCampaignChangeFragment,
  SdkCampaignChanges,
  SdkCampaignCopyFragment,
  SdkCampaignHistory,
  SdkCreateCampaign,
  SdkPushCampaignActions,
  SdkUndoCampaignAction,
} from '../generated/operations';
import type { PulledPage, PushAnswer } from '../replica/reconcile';
import type { Operation } from './operation';

/** A change of the campaign's log: an applied action or an undo. */
export type CampaignChange = SdkCampaignChangeFragment;
export type CampaignCopy = Omit<SdkCampaignCopyFragment, 'stateJson'> & { readonly stateJson: JsonValue };

export interface HistoryPage {
  readonly changes: readonly CampaignChange[];
  /** Pass as `after` for the next (older) page; null when there is none. */
  readonly next: string | null;
}

/** One action of a game's catalog as the server describes it, with the JSON Schema of its args. */
export interface CatalogAction {
  readonly name: string;
  readonly description: string;
  readonly argsSchema: JsonValue;
  readonly example: JsonValue;
  readonly exampleAfter: readonly string[];
}

export interface PushRequest {
  readonly campaignId: string;
  readonly clientId: string;
  readonly actions: readonly { readonly seq: number; readonly name: string; readonly args: JsonObject }[];
}

/** Where a pull reads from: the version the device holds, or the cursor the last page gave; and whose rejections it asks for. */
export interface PullFrom {
  readonly sinceVersion: number;
  /** The last page's cursor: when given, the page starts after it and `sinceVersion` is not sent. */
  readonly after?: string;
  /** This device's clientId: the server sends back the reasons it kept for its rejected actions. */
  readonly rejectionsOf?: string;
}

/** What the replica asks of the server, each call signed in. */
export interface CampaignApi {
  campaign(id: string): Promise<CampaignCopy | null>;
  create(input: CreateCampaignInput): Promise<CampaignCopy>;
  push(request: PushRequest): Promise<PushAnswer>;
  changes(campaignId: string, from: PullFrom, first: number): Promise<PulledPage & { readonly nextCursor?: string }>;
  undo(campaignId: string, actionVersion: number): Promise<CampaignChange>;
  history(campaignId: string, first: number, after: string | null): Promise<HistoryPage>;
  actions(gameId: string): Promise<readonly CatalogAction[] | null>;
}

type Signed = <R, V>(operation: Operation<R, V>, variables: V) => Promise<R>;

const copyOf = (campaign: SdkCampaignCopyFragment): CampaignCopy => ({ ...campaign, stateJson: campaign.stateJson as JsonValue });

/** The API over the SDK's generated operations. */
export function graphqlCampaignApi(signed: Signed): CampaignApi {
  return {
    async campaign(id) {
      const { campaign } = await signed(SdkCampaign, { id });
      return campaign ? copyOf(campaign) : null;
    },
    async create(input) {
      return copyOf((await signed(SdkCreateCampaign, { input })).createCampaign);
    },
    async push(request) {
      const { pushCampaignActions } = await signed(SdkPushCampaignActions, {
        input: { campaignId: request.campaignId, clientId: request.clientId, actions: request.actions.map((action) => ({ ...action })) },
      });
      return pushCampaignActions;
    },
    async changes(campaignId, from, first) {
      // The server takes one of the two starts: the cursor when the last page gave one, else the version.
      const start = from.after !== undefined ? { after: from.after } : { sinceVersion: from.sinceVersion };
      const rejectionsFor = from.rejectionsOf !== undefined ? [from.rejectionsOf] : null;
      const { campaignChanges } = await signed(SdkCampaignChanges, { campaignId, ...start, first, rejectionsFor });
      if (!campaignChanges) throw new Error(`campaignChanges answered null for ${campaignId}`);
      const { endCursor, ...page } = campaignChanges;
      return { ...page, nextCursor: endCursor };
    },
    async undo(campaignId, actionVersion) {
      return (await signed(SdkUndoCampaignAction, { campaignId, actionVersion })).undoCampaignAction;
    },
    async history(campaignId, first, after) {
      const { campaignHistory } = await signed(SdkCampaignHistory, { campaignId, first, after });
      if (!campaignHistory) return { changes: [], next: null };
      return { changes: campaignHistory.edges.map((edge) => edge.node), next: campaignHistory.pageInfo.hasNextPage ? campaignHistory.pageInfo.endCursor : null };
    },
    async actions(gameId) {
      const { campaignActions } = await signed(SdkCampaignActions, { gameId });
      return campaignActions?.map((action) => ({ ...action, argsSchema: action.argsSchema as JsonValue, example: action.example as JsonValue })) ?? null;
    },
  };
}
