import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/** Writes one campaign's state at one version. */
export const campaignSnapshotQueue = defineQueue(
  'campaign-snapshot',
  z.object({
    campaignId: z.string().min(1).max(64),
    version: z.number().int().min(1),
  }),
);
export type CampaignSnapshotPayload = z.infer<typeof campaignSnapshotQueue.payload>;

/** One job per campaign and version however often it is asked for: BullMQ ignores an add whose id it already holds. */
export function snapshotJobId(payload: CampaignSnapshotPayload): string {
  return `snapshot-${payload.campaignId}-v${payload.version}`;
}

/**
 * The snapshot version a commit from `fromVersion` to `toVersion` is due,
 * or null: the highest multiple of `every` it reached. A batch that jumps
 * over several multiples gets one snapshot, at the last of them.
 */
export function snapshotDue(fromVersion: number, toVersion: number, every: number): number | null {
  const reached = Math.floor(toVersion / every) * every;
  return reached > fromVersion && reached > 0 ? reached : null;
}
