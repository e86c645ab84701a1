import { z } from 'zod';

/** One committed change to a campaign: its version moved from `fromVersion` to `version`. */
export interface CampaignChangedMessage {
  readonly campaignId: string;
  readonly fromVersion: number;
  readonly version: number;
  /** Set by a change that may take the campaign out of a follower's reach (a delete, a transfer): followers' access is checked again. */
  readonly recheckAccess?: boolean;
}

const messageSchema = z.object({
  campaignId: z.string().min(1).max(64),
  fromVersion: z.number().int().min(0),
  version: z.number().int().min(1),
  recheckAccess: z.boolean().optional(),
});

/** The Redis pub/sub channel every campaigns replica publishes committed changes on. */
export function campaignChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:campaigns:changed`;
}

export function encodeCampaignChanged(message: CampaignChangedMessage): string {
  return JSON.stringify(message);
}

/** null for anything that is not a well-formed message: a stray publish must not break followers. */
export function decodeCampaignChanged(raw: string): CampaignChangedMessage | null {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.version > parsed.data.fromVersion ? parsed.data : null;
  } catch {
    return null;
  }
}
