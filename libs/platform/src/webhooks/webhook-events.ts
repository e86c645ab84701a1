import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineQueue } from '../queues/queue-definition';

/** Who may subscribe to an event: a group's owner for the group's own events, a scoring administrator for the public boards'. */
export type WebhookAudienceKind = 'GROUP' | 'PUBLIC_BOARDS';

export interface WebhookEventKind {
  /** The wire name, in the payload's `type` and the `Scriptbook-Event` header. */
  readonly type: string;
  /** The GraphQL enum value an endpoint subscribes with. */
  readonly enumValue: string;
  /** The payload version sent today; a change that could break a receiver raises it. */
  readonly version: number;
  readonly audience: WebhookAudienceKind;
  readonly description: string;
}

/**
 * Every event the platform delivers. Adding one here is enough for the API
 * (its enum value), the fan-out (its audience) and the docs' table to know it.
 */
export const WEBHOOK_EVENT_KINDS = [
  {
    type: 'group.result.submitted',
    enumValue: 'GROUP_RESULT_SUBMITTED',
    version: 1,
    audience: 'GROUP',
    description: "A member of the group submitted a scored game's result (victory or defeat); sent once per group the player belongs to when it is delivered.",
  },
  {
    type: 'group.envelope.opened',
    enumValue: 'GROUP_ENVELOPE_OPENED',
    version: 1,
    audience: 'GROUP',
    description: "A legacy envelope was opened for the group and has reached every one of the group's campaigns of that game.",
  },
  {
    type: 'board.top-entry.changed',
    enumValue: 'BOARD_TOP_ENTRY_CHANGED',
    version: 1,
    audience: 'PUBLIC_BOARDS',
    description: 'A result took first place on a public leaderboard (any scope, period or view of a scored game).',
  },
] as const satisfies readonly WebhookEventKind[];

export type WebhookEventType = (typeof WEBHOOK_EVENT_KINDS)[number]['type'];

export function webhookEventKind(type: string): WebhookEventKind | undefined {
  return WEBHOOK_EVENT_KINDS.find((kind) => kind.type === type);
}

/** What a receiver gets as the body of every delivery, whatever the event. */
export interface WebhookPayload {
  /** The event's id: the same in every delivery of the event, to every endpoint and on every retry. */
  readonly id: string;
  readonly type: WebhookEventType;
  readonly version: number;
  /** ISO 8601, when the thing happened (not when it was delivered). */
  readonly occurredAt: string;
  readonly data: Record<string, unknown>;
}

const payloadSchema = z.object({
  id: z.string().min(1).max(80),
  type: z.enum(WEBHOOK_EVENT_KINDS.map((kind) => kind.type) as [WebhookEventType, ...WebhookEventType[]]),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  data: z.record(z.unknown()),
});

/**
 * Who an emitted event goes to. `playerGroups` is resolved by the fan-out
 * (the groups the player is in then), so an emitting service needs no
 * membership read of its own; `group` names one group; `publicBoards`
 * reaches the administrators' endpoints.
 */
export const webhookAudienceSchema = z.union([
  z.object({ group: z.string().min(1).max(80) }).strict(),
  z.object({ playerGroups: z.string().min(1).max(80) }).strict(),
  z.object({ publicBoards: z.literal(true) }).strict(),
]);
export type WebhookAudience = z.infer<typeof webhookAudienceSchema>;

/** One event as an emitting service hands it over; the fan-out turns it into deliveries. */
export const webhookEventsQueue = defineQueue('webhook-events', z.object({ event: payloadSchema, audience: webhookAudienceSchema }), {
  // Fan-out only reads and inserts, and a retry inserts nothing twice; a Redis or database hiccup is worth more tries.
  attempts: 10,
});
export type EmittedWebhookEvent = z.infer<typeof webhookEventsQueue.payload>;

/**
 * An event's id from what it is about (`result.submitted`, the result's id):
 * emitting the same fact twice (a retried job, an outbox sweep after a crash)
 * gives the same id, which the fan-out and the queue both deduplicate on.
 */
export function webhookEventId(source: string): string {
  return `evt_${createHash('sha256').update(source).digest('hex').slice(0, 32)}`;
}

/** A payload of the current version of its type. */
export function webhookPayload(type: WebhookEventType, sourceKey: string, occurredAt: Date, data: Record<string, unknown>): WebhookPayload {
  return { id: webhookEventId(`${type}:${sourceKey}`), type, version: webhookEventKind(type)!.version, occurredAt: occurredAt.toISOString(), data };
}
