import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A URL that asked for some events, and who answers for it. */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** The player who registered it: the only one who may read, change or delete it. */
  @Column({ name: 'owner_player_id', type: 'varchar', length: 64 })
  ownerPlayerId!: string;

  /** GROUP or PUBLIC_BOARDS. */
  @Column({ type: 'varchar', length: 16 })
  audience!: string;

  /** The group whose events it receives; null for a public-boards endpoint. */
  @Column({ name: 'group_id', type: 'varchar', length: 80, nullable: true })
  groupId!: string | null;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /** Event types (JSON array of wire names). */
  @Column({ type: 'text' })
  events!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  description!: string | null;

  /** The HMAC key deliveries are signed with; it has to be kept as is to sign. Shown to the owner only when made. */
  @Column({ type: 'varchar', length: 128 })
  secret!: string;

  /** Failed attempts since the last success, across deliveries; reaching the pause threshold pauses the endpoint. */
  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  @Column({ name: 'paused_at', type: Date, nullable: true })
  pausedAt!: Date | null;

  /** Why it is paused, in words for its owner: by them, or after which failures. */
  @Column({ name: 'paused_reason', type: 'varchar', length: 500, nullable: true })
  pausedReason!: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

/** One event on its way to one endpoint: the log its owner reads. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  /** Time-ordered, so the log pages by id; sent as `Scriptbook-Delivery`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'endpoint_id', type: 'varchar', length: 64 })
  endpointId!: string;

  @Column({ name: 'event_id', type: 'varchar', length: 80 })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  /** The exact body sent, the same bytes on every attempt. */
  @Column({ type: 'text' })
  payload!: string;

  /** PENDING, RETRYING, DELIVERED, HELD (endpoint paused), FAILED (dead-lettered) or CANCELLED (endpoint deleted). */
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_attempt_at', type: Date, nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'next_attempt_at', type: Date, nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'delivered_at', type: Date, nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

/**
 * An event not yet handed to the queue, written in the same transaction as
 * the fact it reports, so a process that dies between its commit and the
 * enqueue loses nothing: the sweep hands it over later.
 */
@Entity({ name: 'webhook_outbox' })
export class WebhookOutboxEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  /** The queue payload (event and audience) as JSON. */
  @Column({ type: 'text' })
  emitted!: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

export const WEBHOOK_ENTITIES = [WebhookEndpointEntity, WebhookDeliveryEntity, WebhookOutboxEntity];
