import {
  SdkCampaignSummaryFragment,
  SdkCreateGroup,
  SdkGroupCampaigns,
  SdkGroupFragment,
  SdkGroupInvite,
  SdkGroupInviteMutation,
  SdkJoinGroup,
  SdkMyGroups,
  SdkMyGroupsQuery,
} from '../generated/operations';
import type { Operation } from './operation';

/** A play group the player is in: `PERSONAL` (theirs alone) or `SHARED` (joined with a code), and their role in it. */
export type Group = SdkGroupFragment;
/** A campaign as a list shows it; open it with `client.campaign(id)`. */
export type CampaignSummary = SdkCampaignSummaryFragment;
/** An invitation code, shown once: share it with the table (it works for 72 hours). */
export type GroupInvitation = SdkGroupInviteMutation['groupInvite'];

/** A page of a list, newest first; `next` is the next page's `after`, null on the last page. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

type Signed = <R, V>(operation: Operation<R, V>, variables: V) => Promise<R>;

/** The player's groups and their campaigns, online, over the SDK's generated operations. */
export interface GroupsApi {
  /** The personal group first, then the shared ones, most recently joined first. */
  myGroups(): Promise<readonly Group[]>;
  createGroup(name: string): Promise<Group>;
  invite(groupId: string): Promise<GroupInvitation>;
  join(code: string): Promise<Group>;
  campaigns(groupId: string, options?: { first?: number; after?: string | null; includeArchived?: boolean }): Promise<Page<CampaignSummary>>;
}

/** Shared groups read a page at a time until the last: a player is in few groups. */
const GROUPS_PAGE = 100;

export function graphqlGroupsApi(signed: Signed): GroupsApi {
  return {
    async myGroups() {
      const groups: Group[] = [];
      let after: string | null = null;
      do {
        const answer: SdkMyGroupsQuery = await signed(SdkMyGroups, { first: GROUPS_PAGE, after });
        if (after === null && answer.personalGroup) groups.push(answer.personalGroup);
        groups.push(...(answer.myGroups?.edges.map((edge) => edge.node) ?? []));
        after = answer.myGroups?.pageInfo.hasNextPage ? answer.myGroups.pageInfo.endCursor : null;
      } while (after !== null);
      return groups;
    },
    async createGroup(name) {
      return (await signed(SdkCreateGroup, { input: { name } })).createGroup;
    },
    async invite(groupId) {
      return (await signed(SdkGroupInvite, { groupId })).groupInvite;
    },
    async join(code) {
      return (await signed(SdkJoinGroup, { code })).joinGroup;
    },
    async campaigns(groupId, options = {}) {
      const { groupCampaigns } = await signed(SdkGroupCampaigns, { groupId, first: options.first ?? 20, after: options.after ?? null, includeArchived: options.includeArchived ?? false });
      if (!groupCampaigns) return { items: [], next: null };
      return { items: groupCampaigns.edges.map((edge) => edge.node), next: groupCampaigns.pageInfo.hasNextPage ? groupCampaigns.pageInfo.endCursor : null };
    },
  };
}
