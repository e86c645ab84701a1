import { DataSource } from 'typeorm';
import { WebhookEndpointEntity } from './webhook.entities';

/** Who an endpoint listens for: its group's events, or the public boards'. */
export type WebhookEndpointAudience = 'GROUP' | 'PUBLIC_BOARDS';

/**
 * Whether any endpoint of this audience is registered at all. Work done
 * only for endpoints (a player's groups read from the membership model,
 * every board's first place read after a victory) is skipped while none
 * listens: most submissions of a platform without webhooks then cost the
 * fan-out one indexed lookup. An endpoint registered later receives the
 * events that happen after it, as documented.
 */
export async function someEndpointListens(data: DataSource, audience: WebhookEndpointAudience): Promise<boolean> {
  return data.getRepository(WebhookEndpointEntity).existsBy({ audience });
}
