import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl } from '../redis/redis-connection';
import { TypedQueue } from '../queues/typed-queue';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { CreateWebhookTables1765000000000 } from './webhook-tables.migration';
import { WebhookEmitter, WebhookOutbox, webhookOutboxRow } from './webhook-emitter';
import { EmittedWebhookEvent, webhookEventsQueue, webhookPayload } from './webhook-events';
import { WEBHOOK_ENTITIES, WebhookOutboxEntity } from './webhook.entities';

const resultEvent = (n: number): EmittedWebhookEvent => ({
  event: webhookPayload('group.result.submitted', `result-${n}`, new Date(), { resultId: `result-${n}` }),
  audience: { playerGroups: `player-${n}` },
});

/** The outbox on real Postgres and Redis: what an API hands over, and what a dead API left for the sweep. */
describe('the webhook outbox', () => {
  const isolation = new TestIsolation();
  let data: DataSource;
  let queue: Queue;
  let outbox: WebhookOutbox;

  beforeAll(async () => {
    data = new DataSource({
      type: 'postgres',
      url: TEST_DATABASE_URL,
      schema: isolation.schemaFor('webhook-outbox'),
      entities: WEBHOOK_ENTITIES,
      migrations: [CreateWebhookTables1765000000000],
    });
    await data.initialize();
    await data.query(`CREATE SCHEMA IF NOT EXISTS "${isolation.schemaFor('webhook-outbox')}"`);
    await data.runMigrations();
    queue = new Queue(webhookEventsQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
    outbox = new WebhookOutbox(data, new WebhookEmitter(new TypedQueue(webhookEventsQueue, queue)));
  });

  afterAll(async () => {
    await queue?.close();
    await data?.destroy();
    await isolation.cleanUp();
  });

  it('hands over a burst of events in batches, each once, and clears their rows', async () => {
    const events = Array.from({ length: 30 }, (_, i) => resultEvent(i));
    await data.getRepository(WebhookOutboxEntity).insert(events.map((e) => webhookOutboxRow(e)));
    await Promise.all([...events, events[3]].map((e) => outbox.handOver(e)));
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((job) => job.id).sort()).toEqual(events.map((e) => e.event.id).sort());
    expect(jobs.find((job) => job.id === events[0].event.id)!.data).toEqual(events[0]);
    expect(await data.getRepository(WebhookOutboxEntity).count()).toBe(0);
  });

  it('leaves young rows to the API and hands over the ones a dead API left behind', async () => {
    const left = resultEvent(100);
    const young = resultEvent(101);
    await data.getRepository(WebhookOutboxEntity).insert([webhookOutboxRow(left, new Date(Date.now() - 60_000)), webhookOutboxRow(young)]);
    expect(await outbox.drain(5_000)).toBe(1);
    expect((await queue.getJob(left.event.id))?.data).toEqual(left);
    expect(await queue.getJob(young.event.id)).toBeUndefined();
    expect((await data.getRepository(WebhookOutboxEntity).find()).map((row) => row.eventId)).toEqual([young.event.id]);
  });
});
