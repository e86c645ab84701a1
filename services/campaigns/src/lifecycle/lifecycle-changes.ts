import { ConflictError } from '@scriptbook/platform';

/**
 * The names a lifecycle change has in a campaign's log. None is an action of
 * any game's catalog (a device pushing one gets `unknown-action`); each is
 * logged with an empty delta, because what it changes (the name, the group,
 * whether the campaign is archived or deleted) is not part of the state.
 */
export const LIFECYCLE_CHANGES = {
  rename: 'rename-campaign',
  archive: 'archive-campaign',
  unarchive: 'unarchive-campaign',
  delete: 'delete-campaign',
  restore: 'restore-campaign',
  transfer: 'transfer-campaign',
} as const;

const NAMES: ReadonlySet<string> = new Set(Object.values(LIFECYCLE_CHANGES));

export function isLifecycleChange(name: string): boolean {
  return NAMES.has(name);
}

/** What every write to an archived campaign is refused with. */
export class CampaignArchivedError extends ConflictError {
  constructor(campaignId: string, field: string) {
    super(`Campaign ${campaignId} is archived and read-only: unarchive it (unarchiveCampaign) to change it again`, { field, rule: 'campaign-archived' });
  }
}

/** Refuses a write to a campaign that is archived. */
export function refuseArchived(campaign: { readonly id: string; readonly archivedAt: number | null }, field: string): void {
  if (campaign.archivedAt !== null) throw new CampaignArchivedError(campaign.id, field);
}

/** Refuses an undo of a lifecycle change: its delta is empty, so an undo would take nothing back; the opposite operation does. */
export function refuseUndoOfLifecycle(change: { readonly version: number; readonly name: string }): void {
  if (isLifecycleChange(change.name)) {
    throw new ConflictError(`Version ${change.version} (${change.name}) is not an action: use the opposite operation (rename again, unarchive, transfer back) instead of undo`, {
      field: 'actionVersion',
      rule: 'lifecycle-change',
    });
  }
}
