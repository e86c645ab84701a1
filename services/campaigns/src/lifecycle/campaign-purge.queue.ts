import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/** Removes every row and Redis key of the campaigns deleted longer ago than CAMPAIGN_PURGE_AFTER_DAYS. One scheduled job, no payload. */
export const campaignPurgeQueue = defineQueue('campaign-purge', z.object({}).strict());
export type CampaignPurgePayload = z.infer<typeof campaignPurgeQueue.payload>;

/** The one scheduler's id: BullMQ keeps a single scheduler per id, however many worker replicas start. */
export const CAMPAIGN_PURGE_SCHEDULER = 'campaign-purge';
/** Retention is counted in days, so an hour late is nothing; often enough that a purge never waits long past its day. */
export const CAMPAIGN_PURGE_EVERY_MS = 3600 * 1000;

export const DAY_MS = 86_400_000;
