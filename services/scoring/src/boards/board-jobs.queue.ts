import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/**
 * Zone Survival board maintenance: `rebuild` refills every board from
 * Postgres (disaster recovery, after a Redis flush); `outbox-sweep` delivers
 * board entries a crashed write left behind.
 */
export const zsBoardJobsQueue = defineQueue(
  'zs-board-jobs',
  z.object({
    kind: z.enum(['rebuild', 'outbox-sweep']),
    requestedBy: z.string().min(1).max(64).nullable(),
  }),
);
export type ZsBoardJobPayload = z.infer<typeof zsBoardJobsQueue.payload>;
