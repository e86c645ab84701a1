import { Inject, Injectable } from '@nestjs/common';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { MembershipReader } from '../membership/membership-reader';
import { timeOrderedId } from '../persistence/time-ordered-id';
import { QueueProcessor } from '../queues/queue-processor';
import { queueToken } from '../queues/queue.module';
import { TypedQueue } from '../queues/typed-queue';
import { deliveryJobOptions, webhookDeliveryQueue, WebhookDeliveryJob } from './webhook-delivery.queue';
import { EmittedWebhookEvent, WebhookAudience, webhookEventKind, webhookEventsQueue, WebhookPayload } from './webhook-events';
import { WEBHOOK_SETTINGS } from './webhook-registry.service';
import { WebhookSettings } from './webhook-settings';
import { WebhookEmitter } from './webhook-emitter';
import { WebhookFollowers } from './webhook-followers';
import { someEndpointListens } from './webhook-listeners';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entities';

/**
 * Turns one emitted event into one delivery per endpoint that asked for it:
 * a row in the log (unique per event and endpoint) and a job under the
 * delivery's id. Run again after a crash, it finds the rows it wrote and
 * adds their jobs again, which BullMQ ignores for ids it holds, so no
 * endpoint gets an event twice under two delivery ids. A group endpoint
 * receives its group's events only while the player who registered it
 * still owns the group.
 */
@Injectable()
export class WebhookFanoutProcessor extends QueueProcessor<EmittedWebhookEvent> {
  constructor(
    private readonly data: DataSource,
    private readonly membership: MembershipReader,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(queueToken(webhookDeliveryQueue)) private readonly deliveries: TypedQueue<WebhookDeliveryJob>,
    private readonly followers: WebhookFollowers,
    private readonly emitter: WebhookEmitter,
  ) {
    super(webhookEventsQueue, { concurrency: 4 });
  }

  protected async handle({ event, audience }: EmittedWebhookEvent, job: Job): Promise<{ deliveries: number; followUps: number }> {
    const targets = await this.targetsOf(event, audience);
    let queued = 0;
    for (const { endpoint, groupId } of targets) {
      const payload: WebhookPayload = groupId ? { ...event, data: { ...event.data, groupId } } : event;
      const row: WebhookDeliveryEntity = {
        id: timeOrderedId(),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: JSON.stringify(payload),
        // A paused endpoint's deliveries wait for its resume.
        status: endpoint.pausedAt ? 'HELD' : 'PENDING',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        lastAttemptAt: null,
        nextAttemptAt: endpoint.pausedAt ? null : new Date(),
        deliveredAt: null,
        createdAt: new Date(),
      };
      await this.data.getRepository(WebhookDeliveryEntity).createQueryBuilder().insert().values(row).orIgnore().execute();
      const stored = await this.data.getRepository(WebhookDeliveryEntity).findOneByOrFail({ eventId: event.id, endpointId: endpoint.id });
      if (stored.status !== 'PENDING') continue;
      await this.deliveries.add('deliver', { deliveryId: stored.id }, { ...deliveryJobOptions(this.settings), jobId: stored.id });
      queued += 1;
    }
    const followUps = await this.followers.followUps({ event, audience });
    for (const next of followUps) await this.emitter.emit(next);
    await job.updateProgress(100);
    return { deliveries: queued, followUps: followUps.length };
  }

  private async targetsOf(event: WebhookPayload, audience: WebhookAudience): Promise<{ endpoint: WebhookEndpointEntity; groupId: string | null }[]> {
    const kind = webhookEventKind(event.type);
    if (!kind) return [];
    const endpoints = this.data.getRepository(WebhookEndpointEntity);
    const wants = (endpoint: WebhookEndpointEntity) => (JSON.parse(endpoint.events) as string[]).includes(event.type);
    if ('publicBoards' in audience) {
      return (await endpoints.findBy({ audience: 'PUBLIC_BOARDS' })).filter(wants).map((endpoint) => ({ endpoint, groupId: null }));
    }
    // A player's groups come from the membership model, which may be rebuilding: not asked while no group endpoint exists.
    if (!(await someEndpointListens(this.data, 'GROUP'))) return [];
    const groups = 'group' in audience ? [audience.group] : await this.membership.groupsOf(audience.playerGroups);
    const targets: { endpoint: WebhookEndpointEntity; groupId: string | null }[] = [];
    for (const groupId of groups) {
      for (const endpoint of (await endpoints.findBy({ audience: 'GROUP', groupId })).filter(wants)) {
        if ((await this.membership.roleOf(groupId, endpoint.ownerPlayerId)) === 'OWNER') targets.push({ endpoint, groupId });
      }
    }
    return targets;
  }
}
