import { Injectable, Module } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { z } from 'zod';
import { serviceConfigSchema } from '../config/config';
import { startService } from '../bootstrap/bootstrap';
import { BadUserInputError } from '../errors/domain-errors';
import { redisOptionsFromUrl } from '../redis/redis-connection';
import { TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { defineQueue } from './queue-definition';
import { QueueProcessor } from './queue-processor';
import { TypedQueue } from './typed-queue';

const slowQueue = defineQueue('platform-test-slow', z.object({ sleepMs: z.number().int().min(0).max(5_000) }), {
  attempts: 1,
});
const finished: string[] = [];

@Injectable()
class SlowProcessor extends QueueProcessor<{ sleepMs: number }> {
  constructor() {
    super(slowQueue);
  }

  protected async handle(payload: { sleepMs: number }, job: Job): Promise<string> {
    await job.updateProgress(50);
    await new Promise((resolve) => setTimeout(resolve, payload.sleepMs));
    finished.push(job.id!);
    return 'slept';
  }
}

@Module({ providers: [SlowProcessor] })
class SlowWorkerModule {}

describe('queue processors on real Redis', () => {
  const isolation = new TestIsolation();
  let queue: Queue;
  let producer: TypedQueue<{ sleepMs: number }>;

  beforeAll(() => {
    queue = new Queue(slowQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
    producer = new TypedQueue(slowQueue, queue);
  });

  afterAll(async () => {
    await queue.close();
    await isolation.cleanUp();
  });

  it('refuses to enqueue a payload its queue does not allow', async () => {
    await expect(producer.add('sleep', { sleepMs: -5 })).rejects.toThrow(BadUserInputError);
    expect(await queue.count()).toBe(0);
  });

  it('fails a malformed job at once instead of retrying it', async () => {
    const worker = await startService(
      { name: 'platform-test-worker', module: SlowWorkerModule, configSchema: serviceConfigSchema(0, {}) },
      { ...isolation.postgresEnv('unused'), DATABASE_URL: undefined },
    );
    try {
      const bad = await queue.add('sleep', { sleepMs: 'soon' }, { attempts: 5 });
      for (let i = 0; i < 50 && (await bad.getState()) !== 'failed'; i++) await new Promise((r) => setTimeout(r, 50));
      const status = await producer.status(bad.id!);
      expect(status).toMatchObject({ state: 'failed', attemptsMade: 1 });
      expect(status!.failedReason).toMatch(/invalid payload for platform-test-slow/);
    } finally {
      await worker.stop();
    }
  });

  it('lets a running job finish before shutdown completes', async () => {
    const worker = await startService(
      { name: 'platform-test-worker', module: SlowWorkerModule, configSchema: serviceConfigSchema(0, {}) },
      { ...isolation.postgresEnv('unused'), DATABASE_URL: undefined },
    );
    const id = await producer.add('sleep', { sleepMs: 400 });
    for (let i = 0; i < 50 && (await producer.status(id))?.state !== 'active'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await producer.status(id))?.state).toBe('active');

    await worker.stop();
    expect(finished).toContain(id);
    expect(await producer.status(id)).toMatchObject({ state: 'completed', progress: 50, returnValue: 'slept' });
  });
});
