import { Inject, Injectable, Module } from '@nestjs/common';
import { DataSource, EntityManager, In, LessThan } from 'typeorm';
import { inTransaction } from '../persistence/serialized-transaction';
import { parseInput } from '../errors/parse-input';
import { DEFAULT_JOB_OPTIONS } from '../queues/queue-definition';
import { QueueModule, queueToken } from '../queues/queue.module';
import { TypedQueue } from '../queues/typed-queue';
import { EmittedWebhookEvent, webhookEventsQueue } from './webhook-events';
import { WebhookOutboxEntity } from './webhook.entities';

/**
 * How any service hands an event to the one webhook delivery mechanism: a
 * job on the shared `webhook-events` queue, whose id is the event's, so the
 * same event emitted twice is one job while BullMQ keeps it (a day), and one
 * set of deliveries after that (the fan-out's unique index).
 */
@Injectable()
export class WebhookEmitter {
  constructor(@Inject(queueToken(webhookEventsQueue)) private readonly queue: TypedQueue<EmittedWebhookEvent>) {}

  async emit(emitted: EmittedWebhookEvent): Promise<void> {
    await this.queue.add(emitted.event.type, emitted, { jobId: emitted.event.id });
  }

  /** Several events in one Redis round trip. */
  async emitMany(events: readonly EmittedWebhookEvent[]): Promise<void> {
    if (events.length === 1) return this.emit(events[0]);
    const options = { ...DEFAULT_JOB_OPTIONS, ...webhookEventsQueue.jobOptions };
    await this.queue.queue.addBulk(
      events.map((emitted) => ({ name: emitted.event.type, data: parseInput(webhookEventsQueue.payload, emitted, 'payload'), opts: { ...options, jobId: emitted.event.id } })),
    );
  }
}

/** Gives a service a `WebhookEmitter`: the producer of the shared queue, nothing else. */
@Module({ imports: [QueueModule.register(webhookEventsQueue)], providers: [WebhookEmitter], exports: [WebhookEmitter] })
export class WebhookEmitterModule {}

const DRAIN_BATCH = 200;

/** The outbox row of an event, to insert in the transaction of the fact it reports. */
export function webhookOutboxRow(emitted: EmittedWebhookEvent, createdAt = new Date()): WebhookOutboxEntity {
  return { eventId: emitted.event.id, emitted: JSON.stringify(emitted), createdAt };
}

/**
 * For a service whose events come from its own transactions: the row goes
 * in with the fact (`webhookOutboxRow`), the API hands the event over once
 * committed and deletes the row, and the worker's sweep hands over any row
 * left behind by a process that died in between. Handing an event over
 * twice changes nothing.
 */
export class WebhookOutbox {
  constructor(
    private readonly data: DataSource,
    private readonly emitter: WebhookEmitter,
  ) {}

  private waiting: { emitted: EmittedWebhookEvent; done: () => void; failed: (error: unknown) => void }[] = [];
  private handing = false;

  /**
   * After the commit: emit, then clear the row. Events handed over while a
   * batch is on its way go together in the next one (one Redis round trip,
   * one DELETE), so a burst of submissions costs a few calls, not one each;
   * a lone event goes at once. A failure leaves the rows to the sweep.
   */
  handOver(emitted: EmittedWebhookEvent): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ emitted, done, failed });
      if (!this.handing) void this.handWaiting();
    });
  }

  private async handWaiting(): Promise<void> {
    this.handing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.emitter.emitMany(batch.map((w) => w.emitted));
        await this.clear(batch.map((w) => w.emitted.event.id));
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
    this.handing = false;
  }

  /** Hands over every row older than `olderThanMs` (younger ones are most likely in the API's hands); returns how many. */
  async drain(olderThanMs: number, now = Date.now()): Promise<number> {
    const outbox = this.data.getRepository(WebhookOutboxEntity);
    let handed = 0;
    for (;;) {
      const rows = await outbox.find({ where: { createdAt: LessThan(new Date(now - olderThanMs)) }, order: { createdAt: 'ASC' }, take: DRAIN_BATCH });
      if (rows.length === 0) return handed;
      await this.emitter.emitMany(rows.map((row) => JSON.parse(row.emitted) as EmittedWebhookEvent));
      await this.clear(rows.map((row) => row.eventId));
      handed += rows.length;
    }
  }

  private async clear(eventIds: readonly string[]): Promise<void> {
    const remove = (manager: EntityManager) => manager.getRepository(WebhookOutboxEntity).delete({ eventId: In([...eventIds]) });
    if (this.data.options.type === 'postgres') await remove(this.data.manager);
    else await inTransaction(this.data, remove);
  }
}
