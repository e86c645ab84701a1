import type Redis from 'ioredis';
import type { Logger } from '@scriptbook/platform';
import type { GatewayConfig } from '../gateway.config';
import { GatewayRateLimiter } from './rate-limiter';

const config = (perMinute: number) => ({ RATE_LIMIT_PER_MINUTE: perMinute, REDIS_PREFIX: 'unit', JWT_SECRET: 'a unit test secret of 32 characters' }) as GatewayConfig;

describe('GatewayRateLimiter', () => {
  it('lets a request through and says so in the log when Redis cannot count it', async () => {
    const unreachable = {
      multi: () => {
        throw new Error('connect ECONNREFUSED');
      },
    } as unknown as Redis;
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const limiter = new GatewayRateLimiter(unreachable, config(10), logger);
    await expect(limiter.consume('203.0.113.7')).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });

  it('is off, counting nothing, when the limit is 0', async () => {
    const untouched = {} as Redis;
    const limiter = new GatewayRateLimiter(untouched, config(0), {} as Logger);
    expect(limiter.enabled).toBe(false);
    await expect(limiter.consume('203.0.113.7')).resolves.toBeUndefined();
  });
});
