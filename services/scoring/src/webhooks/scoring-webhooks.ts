import { WebhookEmitterModule } from '@scriptbook/platform/webhooks';
import { WebhooksApiModule, WebhooksWorkerModule } from '@scriptbook/platform/webhooks/hosting';

/**
 * Scoring hosts the platform's webhooks: it already knows the scoring
 * administrators (SCORING_ADMIN_PLAYER_IDS, who register public-board
 * endpoints), reads group ownership from the membership model, serves the
 * platform-wide `job(id)` the same way, and runs the worker the deliveries
 * need. Other services only emit (WebhookEmitterModule).
 */
export const scoringWebhooksApi = () => [
  WebhooksApiModule.forHost({ service: 'scoring', administrators: (config) => (config.SCORING_ADMIN_PLAYER_IDS as string[] | undefined) ?? [] }),
  WebhookEmitterModule,
];

export const scoringWebhooksWorker = () => [WebhooksWorkerModule.forHost({ service: 'scoring-worker' })];
