import { EmittedWebhookEvent, webhookPayload } from '@scriptbook/platform/webhooks';
import { ResultEntity } from '../results/result.entity';

/**
 * A stored result as the webhook event `group.result.submitted`, sent to
 * the groups its player belongs to when it is fanned out (the fan-out adds
 * `groupId`). Only what a group's own board shows of it: no input, no
 * breakdown.
 */
export function resultSubmittedEvent(row: ResultEntity): EmittedWebhookEvent {
  return {
    event: webhookPayload('group.result.submitted', row.id, row.createdAt, {
      resultId: row.id,
      gameId: row.gameId,
      playerId: row.playerId,
      victory: row.victory,
      score: row.score,
      verified: row.verified,
      challengeId: row.challengeId,
    }),
    audience: { playerGroups: row.playerId },
  };
}
