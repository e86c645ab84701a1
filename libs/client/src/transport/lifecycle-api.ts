import type { JsonValue } from '../json';
import {
  SdkArchiveCampaign,
  SdkCampaignAt,
  SdkCampaignShareLinks,
  SdkCreateCampaignShareLink,
  SdkCreateCampaignShareLinkMutation,
  SdkDeleteCampaign,
  SdkDeletedCampaignFragment,
  SdkDeletedGroupCampaigns,
  SdkImportCampaign,
  SdkImportCampaignMutation,
  SdkRenameCampaign,
  SdkRestoreCampaign,
  SdkRevertCampaignTo,
  SdkRevokeCampaignShareLink,
  SdkSetCampaignExportConsent,
  SdkSetCampaignExportConsentMutation,
  SdkShareLinkFragment,
  SdkTransferCampaign,
  SdkUnarchiveCampaign,
} from '../generated/operations';
import type { CampaignChange, CampaignCopy } from './campaign-api';
import type { Page } from './groups-api';
import type { Operation } from './operation';

/** A deleted campaign that can still be restored, until `restorableUntil`; who deleted it and when. */
export type DeletedCampaign = SdkDeletedCampaignFragment;
/** A read-only share link as members list it: who made it and when, who revoked it and when. */
export type ShareLink = SdkShareLinkFragment;
/** A share link just made: `token` is shown this once and never again (the server keeps only its hash). */
export type CreatedShareLink = SdkCreateCampaignShareLinkMutation['createCampaignShareLink'];
/** What an import created, or with `dryRun` would create: the preview, and the new campaign's id (null on a dry run). */
export type CampaignImport = SdkImportCampaignMutation['importCampaign'];
/** A member's consent to be named by their player id in this campaign's exports. */
export type ExportConsent = SdkSetCampaignExportConsentMutation['setCampaignExportConsent'];

/** The campaign's state as it stood at `version`, and what the server replayed to get it. */
export interface CampaignAtVersion {
  readonly campaignId: string;
  readonly version: number;
  /** The campaign's version when this was read. */
  readonly currentVersion: number;
  readonly state: JsonValue;
  /** The stored state it started from. */
  readonly replayedFromVersion: number;
  /** How many logged changes it applied: at most CAMPAIGN_SNAPSHOT_EVERY - 1 when every snapshot is stored. */
  readonly replayedChanges: number;
}

export interface ImportCampaignOptions {
  /** A group the player is in: the new campaign's. */
  readonly groupId: string;
  /** The file as exported: its JSON value, or its text (read from a file picker, say). */
  readonly file: JsonValue | string;
  /** The new campaign's name; the file's otherwise. */
  readonly name?: string;
  /** Check everything and store nothing: the answer's `preview` says what the import would create. */
  readonly dryRun?: boolean;
}

type Signed = <R, V>(operation: Operation<R, V>, variables: V) => Promise<R>;

/** The campaign operations beside play, online, over the SDK's generated operations. */
export interface LifecycleApi {
  rename(campaignId: string, name: string): Promise<CampaignCopy>;
  archive(campaignId: string): Promise<CampaignCopy>;
  unarchive(campaignId: string): Promise<CampaignCopy>;
  transfer(campaignId: string, groupId: string): Promise<CampaignCopy>;
  delete(campaignId: string): Promise<DeletedCampaign>;
  restore(campaignId: string): Promise<CampaignCopy>;
  deletedGroupCampaigns(groupId: string, options?: { first?: number; after?: string | null }): Promise<Page<DeletedCampaign>>;
  at(campaignId: string, version: number): Promise<CampaignAtVersion | null>;
  revertTo(campaignId: string, version: number): Promise<CampaignChange>;
  importCampaign(input: { groupId: string; file: JsonValue; name?: string; dryRun: boolean }): Promise<CampaignImport>;
  setExportConsent(campaignId: string, consent: boolean): Promise<ExportConsent>;
  createShareLink(campaignId: string, label?: string): Promise<CreatedShareLink>;
  shareLinks(campaignId: string): Promise<readonly ShareLink[]>;
  revokeShareLink(id: string): Promise<ShareLink>;
}

const copyOf = (campaign: Omit<CampaignCopy, 'stateJson'> & { stateJson: unknown }): CampaignCopy => ({ ...campaign, stateJson: campaign.stateJson as JsonValue });

export function graphqlLifecycleApi(signed: Signed): LifecycleApi {
  return {
    async rename(campaignId, name) {
      return copyOf((await signed(SdkRenameCampaign, { input: { campaignId, name } })).renameCampaign);
    },
    async archive(campaignId) {
      return copyOf((await signed(SdkArchiveCampaign, { campaignId })).archiveCampaign);
    },
    async unarchive(campaignId) {
      return copyOf((await signed(SdkUnarchiveCampaign, { campaignId })).unarchiveCampaign);
    },
    async transfer(campaignId, groupId) {
      return copyOf((await signed(SdkTransferCampaign, { input: { campaignId, groupId } })).transferCampaign);
    },
    async delete(campaignId) {
      return (await signed(SdkDeleteCampaign, { campaignId })).deleteCampaign;
    },
    async restore(campaignId) {
      return copyOf((await signed(SdkRestoreCampaign, { campaignId })).restoreCampaign);
    },
    async deletedGroupCampaigns(groupId, options = {}) {
      const { deletedGroupCampaigns } = await signed(SdkDeletedGroupCampaigns, { groupId, first: options.first ?? 20, after: options.after ?? null });
      if (!deletedGroupCampaigns) return { items: [], next: null };
      return { items: deletedGroupCampaigns.edges.map((edge) => edge.node), next: deletedGroupCampaigns.pageInfo.hasNextPage ? deletedGroupCampaigns.pageInfo.endCursor : null };
    },
    async at(campaignId, version) {
      const { campaignAt } = await signed(SdkCampaignAt, { campaignId, version });
      if (!campaignAt) return null;
      const { stateJson, ...rest } = campaignAt;
      return { ...rest, state: stateJson as JsonValue };
    },
    async revertTo(campaignId, version) {
      return (await signed(SdkRevertCampaignTo, { campaignId, version })).revertCampaignTo;
    },
    async importCampaign(input) {
      return (await signed(SdkImportCampaign, { input: { groupId: input.groupId, file: input.file, dryRun: input.dryRun, ...(input.name !== undefined ? { name: input.name } : {}) } })).importCampaign;
    },
    async setExportConsent(campaignId, consent) {
      return (await signed(SdkSetCampaignExportConsent, { campaignId, consent })).setCampaignExportConsent;
    },
    async createShareLink(campaignId, label) {
      return (await signed(SdkCreateCampaignShareLink, { input: { campaignId, ...(label !== undefined ? { label } : {}) } })).createCampaignShareLink;
    },
    async shareLinks(campaignId) {
      return (await signed(SdkCampaignShareLinks, { campaignId })).campaignShareLinks ?? [];
    },
    async revokeShareLink(id) {
      return (await signed(SdkRevokeCampaignShareLink, { id })).revokeCampaignShareLink;
    },
  };
}
