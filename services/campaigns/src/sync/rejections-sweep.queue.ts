import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/** Drops every campaign's rejections past their 30 days, for campaigns no push prunes any more. One scheduled job, no payload. */
export const rejectionsSweepQueue = defineQueue('campaign-rejections-sweep', z.object({}).strict());
export type RejectionsSweepPayload = z.infer<typeof rejectionsSweepQueue.payload>;

/** The one scheduler's id: BullMQ keeps a single scheduler per id, however many worker replicas start. */
export const REJECTIONS_SWEEP_SCHEDULER = 'rejections-sweep';
/** Often enough that nothing stays much past its 30 days; rarely enough that the scan of the table costs nothing. */
export const REJECTIONS_SWEEP_EVERY_MS = 6 * 3600 * 1000;
