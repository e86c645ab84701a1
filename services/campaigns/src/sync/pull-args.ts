import { BadUserInputError, decodeCursor, encodeCursor } from '@scriptbook/platform';
import { SYNC_LIMITS } from './push-batch';
import { MAX_REJECTION_CLIENTS } from './rejection-retention';

/** What `campaignChanges` takes besides the campaign. */
export interface PullArgs {
  readonly sinceVersion?: number | null;
  readonly after?: string | null;
  readonly first?: number | null;
  readonly rejectionsFor?: readonly string[] | null;
}

/** Where a page starts, and which argument said so (the field a refusal names). */
export interface PullStart {
  readonly version: number;
  readonly field: 'sinceVersion' | 'after';
}

/** The cursor after `version` of a campaign: opaque to devices, bound to the campaign so it cannot page another one. */
export function changesCursor(campaignId: string, version: number): string {
  return encodeCursor([campaignId, version]);
}

/** The version a pull starts after: `sinceVersion`, or the one the cursor `after` holds; exactly one of them. */
export function startOfPull(campaignId: string, { sinceVersion, after }: PullArgs): PullStart {
  const hasSince = sinceVersion !== undefined && sinceVersion !== null;
  const hasAfter = after !== undefined && after !== null;
  if (hasSince && hasAfter) throw new BadUserInputError('after', 'one-of', 'Give sinceVersion or after, not both: after already says where the page starts');
  if (hasAfter) {
    const [cursorCampaign, version] = decodeCursor(after, 2, 'after');
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
      throw new BadUserInputError('after', 'cursor', 'after is not a cursor campaignChanges produced');
    }
    if (cursorCampaign !== campaignId) throw new BadUserInputError('after', 'cursor', 'after is a cursor of another campaign: pass one this campaign’s pages gave');
    return { version, field: 'after' };
  }
  if (!hasSince) throw new BadUserInputError('sinceVersion', 'required', 'Give sinceVersion (0 for everything) or the cursor after');
  if (!Number.isInteger(sinceVersion) || sinceVersion < 0) throw new BadUserInputError('sinceVersion', 'range', 'sinceVersion must be 0 or more');
  return { version: sinceVersion, field: 'sinceVersion' };
}

/** The devices whose rejections a pull asks for: client ids as a push takes them, at most MAX_REJECTION_CLIENTS, each once. */
export function checkRejectionClients(rejectionsFor: readonly string[] | null | undefined): string[] {
  const clients = rejectionsFor ?? [];
  if (clients.length > MAX_REJECTION_CLIENTS) throw new BadUserInputError('rejectionsFor', 'range', `rejectionsFor names at most ${MAX_REJECTION_CLIENTS} devices`);
  clients.forEach((clientId, i) => {
    if (!SYNC_LIMITS.clientIdPattern.test(clientId)) {
      throw new BadUserInputError(`rejectionsFor[${i}]`, 'client-id-format', 'a clientId is 8 to 64 letters, digits, "-" or "_"');
    }
  });
  return [...new Set(clients)];
}
