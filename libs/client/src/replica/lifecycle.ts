import type { ConfirmedCopy } from './records';

/**
 * The platform's own entries of a campaign's log (docs/campaign-lifecycle.md,
 * In the history): recorded changes with an empty delta and no client or
 * seq. They are records of what happened to the campaign, never a device's
 * action, so the replica reads from them only what they say of the
 * campaign: its name, its group, whether it is archived.
 */
export const LIFECYCLE_CHANGES: ReadonlySet<string> = new Set([
  'rename-campaign',
  'archive-campaign',
  'unarchive-campaign',
  'transfer-campaign',
  'delete-campaign',
  'restore-campaign',
]);

export function isLifecycleChange(name: string): boolean {
  return LIFECYCLE_CHANGES.has(name);
}

const textOf = (args: unknown, key: string): string | undefined => {
  const value = args && typeof args === 'object' ? (args as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The copy's name, group and archived state after a lifecycle entry; the copy itself when the entry changes none of them. */
export function afterLifecycleEntry(copy: ConfirmedCopy, name: string, args: unknown): ConfirmedCopy {
  switch (name) {
    case 'rename-campaign': {
      const to = textOf(args, 'to');
      return to === undefined || to === copy.name ? copy : { ...copy, name: to };
    }
    case 'transfer-campaign': {
      const to = textOf(args, 'toGroupId');
      return to === undefined || to === copy.groupId ? copy : { ...copy, groupId: to };
    }
    case 'archive-campaign':
      return copy.archived === true ? copy : { ...copy, archived: true };
    case 'unarchive-campaign':
      return copy.archived === false ? copy : { ...copy, archived: false };
    default:
      return copy;
  }
}
