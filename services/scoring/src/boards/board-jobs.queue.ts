import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/**
 * Zone Survival board maintenance: `rebuild` refills every board from
 * Postgres (disaster recovery, after a Redis flush); `rescore` scores every
 * stored result again under the current rules and catalogue, then rebuilds;
 * `season-rollover` drops the boards of ended seasons and weeks;
 * `outbox-sweep` delivers board entries a crashed write left behind.
 */
export const zsBoardJobsQueue = defineQueue(
  'zs-board-jobs',
  z.object({
    kind: z.enum(['rebuild', 'rescore', 'season-rollover', 'outbox-sweep']),
    requestedBy: z.string().min(1).max(64).nullable(),
  }),
);
export type ZsBoardJobPayload = z.infer<typeof zsBoardJobsQueue.payload>;
