import { graphql } from '@scriptbook/platform/testing/graphql-client';

/** The lifecycle operations as a device sends them, for the tests of this folder. */
export const LIFECYCLE = {
  rename: `mutation($input: RenameCampaignInput!) { renameCampaign(input: $input) { id name version archivedAt } }`,
  archive: `mutation($id: ID!) { archiveCampaign(campaignId: $id) { id version archivedAt } }`,
  unarchive: `mutation($id: ID!) { unarchiveCampaign(campaignId: $id) { id version archivedAt } }`,
  delete: `mutation($id: ID!) { deleteCampaign(campaignId: $id) { id name groupId deletedAt restorableUntil archived deletedBy { id } } }`,
  restore: `mutation($id: ID!) { restoreCampaign(campaignId: $id) { id version archivedAt } }`,
  transfer: `mutation($input: TransferCampaignInput!) { transferCampaign(input: $input) { id groupId version } }`,
  deleted: `query($groupId: ID!) { deletedGroupCampaigns(groupId: $groupId) { edges { node { id name deletedAt restorableUntil deletedBy { id } } } } }`,
} as const;

export const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version } }`;
export const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq rule } } }`;

export interface GraphQLErrorShape {
  readonly message: string;
  readonly extensions?: { code?: string; field?: string; rule?: string };
}

/** The first error's code, field and rule, for comparing refusals. */
export function refusalOf(response: { errors?: readonly GraphQLErrorShape[] }): { code?: string; field?: string; rule?: string } | undefined {
  const extensions = response.errors?.[0]?.extensions;
  return extensions && { code: extensions.code, field: extensions.field, rule: extensions.rule };
}

/** Creates a twom campaign in `groupId` and pushes `notes` notes from one device; its id. */
export async function campaignWithNotes(url: string, token: string, groupId: string, name: string, notes: number, clientId = 'phone-ana-01'): Promise<string> {
  const created = await graphql(url, CREATE, { input: { gameId: 'twom', name, groupId } }, token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const id = created.data!.createCampaign.id as string;
  for (let seq = 1; seq <= notes; seq += 100) {
    const actions = Array.from({ length: Math.min(100, notes - seq + 1) }, (_, i) => ({ seq: seq + i, name: 'add-note', args: { text: `Night ${seq + i}` } }));
    const pushed = await graphql(url, PUSH, { input: { campaignId: id, clientId, actions } }, token);
    if (pushed.errors) throw new Error(JSON.stringify(pushed.errors));
  }
  return id;
}
