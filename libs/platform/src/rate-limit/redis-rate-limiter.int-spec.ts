import Redis from 'ioredis';
import { TEST_JWT_SECRET, TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { RedisRateLimiter } from './redis-rate-limiter';

describe('RedisRateLimiter on real Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const rule = { name: 'login:account', limit: 2, windowSeconds: 60 };
  const config = { REDIS_PREFIX: isolation.redisPrefix, JWT_SECRET: TEST_JWT_SECRET };

  afterAll(async () => {
    await isolation.cleanUp();
    await redis.quit();
  });

  it('counts one key across replicas under a bucket name that does not contain the key', async () => {
    const email = 'dana.personal@example.org';
    const [one, other] = [new RedisRateLimiter(redis, config), new RedisRateLimiter(redis, config)];
    expect((await one.consume(rule, email)).remaining).toBe(1);
    expect((await other.consume(rule, email)).remaining).toBe(0);
    expect((await one.consume(rule, email)).limited).toBe(true);

    const keys = await redis.keys(`${isolation.redisPrefix}:ratelimit:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('dana');
    expect(keys[0]).toMatch(new RegExp(`^${isolation.redisPrefix}:ratelimit:login:account:[A-Za-z0-9_-]{43}:\\d+$`));

    await one.reset(rule, email);
    expect((await other.consume(rule, email)).remaining).toBe(1);
  });

  it('names buckets with the secret: without it, a guessed email cannot be matched to its bucket', async () => {
    const elsewhere = new RedisRateLimiter(redis, { ...config, JWT_SECRET: `${TEST_JWT_SECRET}-rotated` });
    await new RedisRateLimiter(redis, config).consume(rule, 'eli@example.org');
    await elsewhere.consume(rule, 'eli@example.org');
    const keys = await redis.keys(`${isolation.redisPrefix}:ratelimit:login:account:*`);
    expect(new Set(keys.map((key) => key.split(':').at(-2))).size).toBe(keys.length);
    expect(() => new RedisRateLimiter(redis, { REDIS_PREFIX: isolation.redisPrefix })).toThrow(/JWT_SECRET/);
  });
});
