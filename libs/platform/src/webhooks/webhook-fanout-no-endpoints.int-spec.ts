import { Job, Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { MembershipReader, MembershipUnavailableError } from '../membership/membership-reader';
import { redisOptionsFromUrl } from '../redis/redis-connection';
import { TypedQueue } from '../queues/typed-queue';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { webhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookEmitter } from './webhook-emitter';
import { EmittedWebhookEvent, webhookEventsQueue, webhookPayload } from './webhook-events';
import { WebhookFanoutProcessor } from './webhook-fanout.processor';
import { WebhookFollowers } from './webhook-followers';
import { someEndpointListens } from './webhook-listeners';
import { webhookSettingsOf } from './webhook-settings';
import { CreateWebhookTables1765000000000 } from './webhook-tables.migration';
import { WEBHOOK_ENTITIES, WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entities';

/** The fan-out's handler as the queue's worker calls it. */
class FanoutUnderTest extends WebhookFanoutProcessor {
  fanOut(emitted: EmittedWebhookEvent) {
    return this.handle(emitted, { updateProgress: async () => undefined } as unknown as Job);
  }
}

const resultOf = (player: string): EmittedWebhookEvent => ({
  event: webhookPayload('group.result.submitted', `result-of-${player}`, new Date(), { resultId: `result-of-${player}` }),
  audience: { playerGroups: player },
});

/**
 * A platform with no group endpoint never asks the membership model for a
 * player's groups: on real Postgres and Redis, with the model not built (as
 * while accounts rebuilds it), a result's event fans out to nothing instead
 * of failing and being retried; once an endpoint exists, the same event
 * waits for the model as before.
 */
describe('the webhook fan-out without endpoints', () => {
  const isolation = new TestIsolation();
  let data: DataSource;
  let redis: Redis;
  let subscriber: Redis;
  let queues: Queue[];
  let fanout: FanoutUnderTest;

  beforeAll(async () => {
    const schema = isolation.schemaFor('webhook-fanout');
    data = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, schema, entities: WEBHOOK_ENTITIES, migrations: [CreateWebhookTables1765000000000] });
    await data.initialize();
    await data.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await data.runMigrations();
    redis = new Redis(TEST_REDIS_URL);
    subscriber = new Redis(TEST_REDIS_URL);
    const connection = redisOptionsFromUrl(TEST_REDIS_URL);
    queues = [new Queue(webhookEventsQueue.name, { connection, prefix: isolation.redisPrefix }), new Queue(webhookDeliveryQueue.name, { connection, prefix: isolation.redisPrefix })];
    const membership = new MembershipReader(redis, subscriber, isolation.redisPrefix);
    const settings = webhookSettingsOf({ NODE_ENV: 'test' } as Parameters<typeof webhookSettingsOf>[0], 'scoring');
    fanout = new FanoutUnderTest(
      data,
      membership,
      settings,
      new TypedQueue(webhookDeliveryQueue, queues[1]),
      new WebhookFollowers(),
      new WebhookEmitter(new TypedQueue(webhookEventsQueue, queues[0])),
    );
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await Promise.all([redis.quit(), subscriber.quit()]);
    await data.destroy();
    await isolation.cleanUp();
  });

  it('fans a player’s event out to nothing, without the membership model, while no group endpoint exists', async () => {
    expect(await someEndpointListens(data, 'GROUP')).toBe(false);
    await expect(fanout.fanOut(resultOf('player-alone'))).resolves.toEqual({ deliveries: 0, followUps: 0 });
    expect(await data.getRepository(WebhookDeliveryEntity).count()).toBe(0);
  });

  it('waits for the membership model again once a group endpoint exists', async () => {
    await data.getRepository(WebhookEndpointEntity).insert({
      id: 'endpoint-1',
      ownerPlayerId: 'owner-1',
      audience: 'GROUP',
      groupId: 'group-1',
      url: 'https://hooks.example.org/scriptbook',
      events: JSON.stringify(['group.result.submitted']),
      description: null,
      secret: 'secret',
      consecutiveFailures: 0,
      pausedAt: null,
      pausedReason: null,
      createdAt: new Date(),
    } as WebhookEndpointEntity);
    expect(await someEndpointListens(data, 'GROUP')).toBe(true);
    expect(await someEndpointListens(data, 'PUBLIC_BOARDS')).toBe(false);
    await expect(fanout.fanOut(resultOf('player-alone'))).rejects.toBeInstanceOf(MembershipUnavailableError);
  });
});
