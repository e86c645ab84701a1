import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from '../testing/test-environment';
import { createRedisSubscriber } from './redis.module';
import type { RedisClient } from './redis-connection';

/** Resolves with the next message on `channel`, or rejects after `ms`. */
function nextMessage(subscriber: RedisClient, channel: string, ms = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message on ${channel} within ${ms} ms`)), ms);
    const onMessage = (from: string, message: string) => {
      if (from !== channel) return;
      clearTimeout(timer);
      subscriber.off('message', onMessage);
      resolve(message);
    };
    subscriber.on('message', onMessage);
  });
}

describe('createRedisSubscriber', () => {
  const publisher = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await publisher.quit();
  });

  it('subscribes at the moment it connects, hears every message, and subscribes again after its connection is dropped', async () => {
    const name = `test-subscriber-${randomBytes(4).toString('hex')}`;
    const channel = `${name}:changes`;
    const subscriber = createRedisSubscriber({ REDIS_URL: TEST_REDIS_URL }, name);
    try {
      // The moment a ready-checked client loses its subscription for good (see createRedisSubscriber).
      await new Promise<void>((resolve, reject) => subscriber.once('connect', () => subscriber.subscribe(channel).then(() => resolve(), reject)));
      let heard = nextMessage(subscriber, channel);
      await publisher.publish(channel, 'first');
      expect(await heard).toBe('first');

      const clients = String(await publisher.client('LIST'));
      const id = /id=(\d+) .*name=(\S+)/g;
      const ours = [...clients.matchAll(id)].find((match) => match[2] === name);
      expect(ours).toBeDefined();
      const ready = once(subscriber, 'ready');
      await publisher.client('KILL', 'ID', ours![1]);
      await ready;
      // The client subscribes again after `ready`; on a loaded machine that can take more than a second.
      const resubscribedBy = Date.now() + 10_000;
      while (Number((await publisher.pubsub('NUMSUB', channel))[1]) === 0 && Date.now() < resubscribedBy) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(Number((await publisher.pubsub('NUMSUB', channel))[1])).toBe(1);
      heard = nextMessage(subscriber, channel);
      await publisher.publish(channel, 'after reconnect');
      expect(await heard).toBe('after reconnect');
    } finally {
      subscriber.disconnect();
    }
  });
});
