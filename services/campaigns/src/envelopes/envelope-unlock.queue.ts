import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/** Opens one envelope in every campaign of one group. */
export const envelopeUnlockQueue = defineQueue(
  'envelope-unlock',
  z.object({
    groupId: z.string().min(1).max(80),
    envelopeId: z.string().min(1).max(80),
  }),
);
export type EnvelopeUnlockPayload = z.infer<typeof envelopeUnlockQueue.payload>;

/**
 * One job per group and envelope, however many wins ask for it: BullMQ
 * ignores an add whose id it already holds. BullMQ ids may not contain ':',
 * which content ids do.
 */
export function envelopeUnlockJobId({ groupId, envelopeId }: EnvelopeUnlockPayload): string {
  return `open-envelope.${groupId}.${envelopeId.replace(/:/g, '.')}`;
}
