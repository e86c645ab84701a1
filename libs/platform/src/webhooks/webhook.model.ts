import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '../graphql/pagination';
import { WEBHOOK_EVENT_KINDS, webhookEventKind } from './webhook-events';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entities';

/** The GraphQL enum of event types: its values are the catalogue's enum names, standing for the wire names. */
export const WebhookEventType = Object.fromEntries(WEBHOOK_EVENT_KINDS.map((kind) => [kind.enumValue, kind.enumValue])) as Record<string, string>;
registerEnumType(WebhookEventType, {
  name: 'WebhookEventType',
  description: 'An event an endpoint can subscribe to. The payload\'s `type` carries its wire name (GROUP_RESULT_SUBMITTED is `group.result.submitted`); docs/webhooks.md shows each payload.',
  valuesMap: Object.fromEntries(WEBHOOK_EVENT_KINDS.map((kind) => [kind.enumValue, { description: `\`${kind.type}\`, version ${kind.version}: ${kind.description}` }])),
});

export const wireTypeOf = (enumValue: string): string => WEBHOOK_EVENT_KINDS.find((kind) => kind.enumValue === enumValue)?.type ?? enumValue;
export const enumValueOf = (type: string): string => webhookEventKind(type)?.enumValue ?? type;

export enum WebhookAudience {
  GROUP = 'GROUP',
  PUBLIC_BOARDS = 'PUBLIC_BOARDS',
}
registerEnumType(WebhookAudience, {
  name: 'WebhookAudience',
  description: 'Whose events an endpoint receives.',
  valuesMap: {
    GROUP: { description: "One group's events; registered by the group's owner, and delivered only while they still own it." },
    PUBLIC_BOARDS: { description: "The public leaderboards' events; registered by a scoring administrator." },
  },
});

export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  RETRYING = 'RETRYING',
  DELIVERED = 'DELIVERED',
  HELD = 'HELD',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where one delivery stands.',
  valuesMap: {
    PENDING: { description: 'Queued; no attempt has finished yet.' },
    RETRYING: { description: 'An attempt failed (`lastError`); the next one runs at `nextAttemptAt`.' },
    DELIVERED: { description: 'The endpoint answered 2xx (`deliveredAt`). Nothing more is sent.' },
    HELD: { description: 'The endpoint is paused; `resumeWebhook` sends it again.' },
    FAILED: { description: 'Every attempt failed; dead-lettered, never sent again. `lastError` says what the last one met.' },
  },
});

@ObjectType({ description: 'A URL that receives signed webhook deliveries of the events it subscribed to. Visible only to the player who registered it.' })
export class WebhookEndpoint {
  @Field(() => ID, { description: 'The endpoint id, for `webhookDeliveries` and the other webhook mutations.' })
  id!: string;

  @Field({ description: 'Where deliveries are POSTed (https, a public address).' })
  url!: string;

  @Field(() => [WebhookEventType], { description: 'The events it receives.' })
  events!: string[];

  @Field(() => WebhookAudience, { description: 'Whose events these are.' })
  audience!: WebhookAudience;

  @Field(() => ID, { nullable: true, description: 'The group whose events it receives; null for public-board events.' })
  groupId!: string | null;

  @Field(() => String, { nullable: true, description: 'Your own note on what it is for; never sent anywhere.' })
  description!: string | null;

  @Field({ description: 'Whether deliveries are held back: paused by you, or after too many failed attempts in a row (see `pausedReason`).' })
  paused!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was paused; null while it receives.' })
  pausedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why it was paused, for you to act on (fix the receiver, then `resumeWebhook`); null while it receives.' })
  pausedReason!: string | null;

  @Field(() => Int, { description: 'Failed attempts in a row since its last success; it is paused when this reaches the deployment\'s threshold (20 by default).' })
  consecutiveFailures!: number;

  @Field({ description: 'When it was registered.' })
  createdAt!: Date;
}

@ObjectType({ description: 'One event on its way to one endpoint: the delivery log its owner reads.' })
export class WebhookDelivery {
  @Field(() => ID, { description: 'The delivery id, sent as the `Scriptbook-Delivery` header; the same on every retry, so a receiver can drop duplicates by it.' })
  id!: string;

  @Field(() => ID, { description: "The event's id, the payload's `id`: the same in every endpoint's delivery of the event." })
  eventId!: string;

  @Field(() => WebhookEventType, { description: 'What happened.' })
  eventType!: string;

  @Field(() => WebhookDeliveryStatus, { description: 'Where the delivery stands.' })
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far.' })
  attempts!: number;

  @Field(() => Int, { nullable: true, description: "The HTTP status the endpoint answered the last attempt with; null when no answer came (refused address, timeout, reset)." })
  lastStatusCode!: number | null;

  @Field(() => String, { nullable: true, description: 'What went wrong on the last attempt; null once delivered or before any attempt.' })
  lastError!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the last attempt was made.' })
  lastAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due; null once delivered, failed or held.' })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the endpoint accepted it; null until then.' })
  deliveredAt!: Date | null;

  @Field({ description: 'The exact JSON body sent (and signed) on every attempt.' })
  payload!: string;

  @Field({ description: 'When the delivery was made from its event.' })
  createdAt!: Date;
}

export const WebhookEndpointConnection = Connection(WebhookEndpoint, 'WebhookEndpoint');
export const WebhookDeliveryConnection = Connection(WebhookDelivery, 'WebhookDelivery');

@ObjectType({ description: 'An endpoint with its signing secret, shown this once: store it where your receiver can read it.' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpoint, { description: 'The endpoint.' })
  endpoint!: WebhookEndpoint;

  @Field({ description: 'The HMAC-SHA256 key every delivery is signed with (docs/webhooks.md shows the check). Never shown again; `rotateWebhookSecret` makes a new one.' })
  secret!: string;
}

@InputType({ description: 'A new endpoint: where to send, and which events.' })
export class RegisterWebhookInput {
  @Field({ description: 'An absolute https URL on a public address, without user name, password or fragment (BAD_USER_INPUT on `input.url` otherwise).' })
  url!: string;

  @Field(() => [WebhookEventType], { description: 'The events to receive, at least one, each once; group events and public-board events need separate endpoints.' })
  events!: string[];

  @Field(() => ID, { nullable: true, description: 'For group events: the group, which you must own. Leave it out for public-board events (which need a scoring administrator).' })
  groupId?: string | null;

  @Field(() => String, { nullable: true, description: 'A note of yours on what the endpoint is for, up to 200 characters.' })
  description?: string | null;
}

export function toWebhookEndpoint(row: WebhookEndpointEntity): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: (JSON.parse(row.events) as string[]).map(enumValueOf),
    audience: row.audience as WebhookAudience,
    groupId: row.groupId,
    description: row.description,
    paused: row.pausedAt !== null,
    pausedAt: row.pausedAt,
    pausedReason: row.pausedReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt,
  };
}

export function toWebhookDelivery(row: WebhookDeliveryEntity): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: enumValueOf(row.eventType),
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    payload: row.payload,
    createdAt: row.createdAt,
  };
}
