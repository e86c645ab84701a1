import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import { z } from 'zod';
import { AuthenticatedPlayer } from '../auth/current-player.decorator';
import { BadUserInputError, DomainError, ErrorCode, NotFoundError } from '../errors/domain-errors';
import { parseInput } from '../errors/parse-input';
import { ConnectionShape, decodeCursor, encodeCursor, pageSize, toConnection } from '../graphql/pagination';
import { MembershipReader } from '../membership/membership-reader';
import { inTransaction } from '../persistence/serialized-transaction';
import { timeOrderedId } from '../persistence/time-ordered-id';
import { queueToken } from '../queues/queue.module';
import { TypedQueue } from '../queues/typed-queue';
import { AddressRefusedError, resolvePermittedAddresses } from './address-policy';
import { deliveryJobOptions, webhookDeliveryQueue, WebhookDeliveryJob } from './webhook-delivery.queue';
import { WEBHOOK_EVENT_KINDS, WebhookAudienceKind, webhookEventKind } from './webhook-events';
import { WebhookSettings } from './webhook-settings';
import { newWebhookSecret } from './webhook-signature';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entities';

export const WEBHOOK_SETTINGS = 'webhook-settings';
/** The players who may register public-boards endpoints: the host's administrators. */
export const WEBHOOK_ADMINISTRATORS = 'webhook-administrators';

export interface RegisterWebhookInput {
  readonly url: string;
  readonly events: readonly string[];
  readonly groupId?: string | null;
  readonly description?: string | null;
}

const registerSchema = z.object({
  url: z.string().min(1).max(2048),
  events: z
    .array(z.string())
    .min(1, 'subscribe to at least one event')
    .max(WEBHOOK_EVENT_KINDS.length)
    .refine((events) => new Set(events).size === events.length, { message: 'an event is listed twice', params: { rule: 'unique' } }),
  groupId: z.string().min(1).max(80).nullish(),
  description: z.string().max(200).nullish(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Registration and the delivery log. Every read and change is for the
 * endpoint's owner alone; anyone else, signed in or not an owner, gets the
 * NOT_FOUND an unknown id gets, so ids cannot be probed. A refused change
 * stores nothing: every check comes before the one write.
 */
@Injectable()
export class WebhookRegistry {
  constructor(
    private readonly data: DataSource,
    private readonly membership: MembershipReader,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(WEBHOOK_ADMINISTRATORS) private readonly administrators: readonly string[],
    @Inject(queueToken(webhookDeliveryQueue)) private readonly deliveries: TypedQueue<WebhookDeliveryJob>,
  ) {}

  async register(player: AuthenticatedPlayer, raw: RegisterWebhookInput): Promise<{ endpoint: WebhookEndpointEntity; secret: string }> {
    const input = parseInput(registerSchema, raw);
    const kinds = input.events.map((type, i) => {
      const kind = webhookEventKind(type);
      if (!kind) throw new BadUserInputError(`input.events[${i}]`, 'enum', `input.events[${i}]: ${type} is not a webhook event`);
      return kind;
    });
    const audience = kinds[0].audience;
    if (kinds.some((kind) => kind.audience !== audience)) {
      throw new BadUserInputError('input.events', 'one-audience', 'input.events: group events and public-board events need separate endpoints');
    }
    const groupId = input.groupId ?? null;
    await this.requireAudience(player, audience, groupId);
    const url = await this.checkUrl(input.url);
    const owned = await this.data.getRepository(WebhookEndpointEntity).countBy({ ownerPlayerId: player.playerId });
    if (owned >= this.settings.WEBHOOK_MAX_ENDPOINTS_PER_OWNER) {
      throw new BadUserInputError('input', `at-most-${this.settings.WEBHOOK_MAX_ENDPOINTS_PER_OWNER}-endpoints`, `input: you hold ${owned} endpoints already; delete one first`);
    }
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpointEntity = {
      id: timeOrderedId(),
      ownerPlayerId: player.playerId,
      audience,
      groupId,
      url,
      events: JSON.stringify(kinds.map((kind) => kind.type)),
      description: input.description ?? null,
      secret,
      consecutiveFailures: 0,
      pausedAt: null,
      pausedReason: null,
      createdAt: new Date(),
    };
    await inTransaction(this.data, (manager) => manager.getRepository(WebhookEndpointEntity).insert(endpoint));
    return { endpoint, secret };
  }

  /** The caller's endpoints, newest first. */
  async list(player: AuthenticatedPlayer, first: number | null | undefined, after: string | null | undefined): Promise<ConnectionShape<WebhookEndpointEntity>> {
    const limit = pageSize(first);
    const where = after ? { ownerPlayerId: player.playerId, id: LessThan(String(decodeCursor(after, 1)[0])) } : { ownerPlayerId: player.playerId };
    const rows = await this.data.getRepository(WebhookEndpointEntity).find({ where, order: { id: 'DESC' }, take: limit + 1 });
    return toConnection(rows, limit, (row) => encodeCursor([row.id]), Boolean(after));
  }

  /** One endpoint's deliveries, newest first; NOT_FOUND for anyone but its owner. */
  async deliveriesOf(player: AuthenticatedPlayer, endpointId: string, first: number | null | undefined, after: string | null | undefined): Promise<ConnectionShape<WebhookDeliveryEntity>> {
    const limit = pageSize(first);
    const endpoint = await this.owned(player, endpointId, 'endpointId');
    const where = after ? { endpointId: endpoint.id, id: LessThan(String(decodeCursor(after, 1)[0])) } : { endpointId: endpoint.id };
    const rows = await this.data.getRepository(WebhookDeliveryEntity).find({ where, order: { id: 'DESC' }, take: limit + 1 });
    return toConnection(rows, limit, (row) => encodeCursor([row.id]), Boolean(after));
  }

  async pause(player: AuthenticatedPlayer, id: string): Promise<WebhookEndpointEntity> {
    const endpoint = await this.owned(player, id);
    if (endpoint.pausedAt) return endpoint;
    const changes = { pausedAt: new Date(), pausedReason: 'paused by its owner' };
    await inTransaction(this.data, (manager) => manager.getRepository(WebhookEndpointEntity).update({ id }, changes));
    return { ...endpoint, ...changes };
  }

  /**
   * Lifts a pause and sends again what the pause held back, each delivery
   * with its own id and a fresh round of attempts.
   */
  async resume(player: AuthenticatedPlayer, id: string): Promise<WebhookEndpointEntity> {
    const endpoint = await this.owned(player, id);
    if (!endpoint.pausedAt) return endpoint;
    const changes = { pausedAt: null, pausedReason: null, consecutiveFailures: 0 };
    const held = await inTransaction(this.data, async (manager) => {
      await manager.getRepository(WebhookEndpointEntity).update({ id }, changes);
      const rows = await manager.getRepository(WebhookDeliveryEntity).find({ select: { id: true }, where: { endpointId: id, status: 'HELD' } });
      if (rows.length > 0) await manager.getRepository(WebhookDeliveryEntity).update({ id: In(rows.map((row) => row.id)) }, { status: 'PENDING', nextAttemptAt: new Date() });
      return rows.map((row) => row.id);
    });
    const round = Date.now();
    // A resumed delivery's job needs an id of its own: BullMQ keeps the finished job under the delivery's id.
    for (const deliveryId of held) await this.deliveries.add('deliver', { deliveryId }, { ...deliveryJobOptions(this.settings), jobId: `${deliveryId}.${round}` });
    return { ...endpoint, ...changes };
  }

  /** A new secret, shown once; deliveries signed from now on use it. */
  async rotateSecret(player: AuthenticatedPlayer, id: string): Promise<{ endpoint: WebhookEndpointEntity; secret: string }> {
    const endpoint = await this.owned(player, id);
    const secret = newWebhookSecret();
    await inTransaction(this.data, (manager) => manager.getRepository(WebhookEndpointEntity).update({ id }, { secret }));
    return { endpoint: { ...endpoint, secret }, secret };
  }

  /** Deletes the endpoint and its log; deliveries under way stop at their next attempt. */
  async delete(player: AuthenticatedPlayer, id: string): Promise<string> {
    const endpoint = await this.owned(player, id);
    await inTransaction(this.data, async (manager) => {
      await manager.getRepository(WebhookDeliveryEntity).delete({ endpointId: endpoint.id });
      await manager.getRepository(WebhookEndpointEntity).delete({ id: endpoint.id });
    });
    return endpoint.id;
  }

  private async owned(player: AuthenticatedPlayer, id: string, field = 'id'): Promise<WebhookEndpointEntity> {
    const endpoint = UUID.test(id) ? await this.data.getRepository(WebhookEndpointEntity).findOneBy({ id }) : null;
    if (!endpoint || endpoint.ownerPlayerId !== player.playerId) throw new NotFoundError('WebhookEndpoint', id, field);
    return endpoint;
  }

  private async requireAudience(player: AuthenticatedPlayer, audience: WebhookAudienceKind, groupId: string | null): Promise<void> {
    if (audience === 'GROUP') {
      if (!groupId) throw new BadUserInputError('input.groupId', 'required-for-group-events', "input.groupId: group events need the group whose events they are");
      await this.membership.requireOwner(groupId, player.playerId, 'input.groupId');
      return;
    }
    if (groupId) throw new BadUserInputError('input.groupId', 'none-for-public-boards', 'input.groupId: public-board events belong to no group; leave it out');
    if (!this.administrators.includes(player.playerId)) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a scoring administrator may subscribe to public-board events', { field: 'input.events', rule: 'scoring-admin' });
    }
  }

  /** https only, no credentials in the URL, and a host whose every address is public (both unless local endpoints are allowed). */
  private async checkUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BadUserInputError('input.url', 'format', 'input.url: not an absolute URL');
    }
    const local = this.settings.WEBHOOK_ALLOW_LOCAL_ENDPOINTS;
    if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) {
      throw new BadUserInputError('input.url', 'https', `input.url: webhooks are delivered over https only${local ? ' (or http while local endpoints are allowed)' : ''}`);
    }
    if (url.username || url.password) throw new BadUserInputError('input.url', 'no-credentials', 'input.url: put no user name or password in the URL; check the signature instead');
    if (url.hash) throw new BadUserInputError('input.url', 'no-fragment', 'input.url: a fragment is never sent; leave it out');
    try {
      await resolvePermittedAddresses(url.hostname, local);
    } catch (error) {
      if (error instanceof AddressRefusedError) throw new BadUserInputError('input.url', error.rule, `input.url: ${error.message}`);
      throw error;
    }
    return url.toString();
  }
}
