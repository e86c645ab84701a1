import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import type { Logger } from '@scriptbook/platform';

const WINDOW_SECONDS = 60;

/**
 * A fixed one-minute window per client address, counted in Redis so every
 * gateway replica shares it. If Redis is unreachable the request goes
 * through: losing the limit briefly is better than losing the API.
 */
export function rateLimitMiddleware(redis: Redis, prefix: string, perMinute: number, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (perMinute === 0 || req.method !== 'POST') return next();
    const window = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    const key = `${prefix}:ratelimit:${req.ip}:${window}`;
    try {
      const [[, count]] = (await redis.multi().incr(key).expire(key, WINDOW_SECONDS).exec()) as [[unknown, number]];
      res.setHeader('RateLimit-Limit', perMinute);
      res.setHeader('RateLimit-Remaining', Math.max(0, perMinute - count));
      if (count > perMinute) {
        const retryAfter = WINDOW_SECONDS - (Math.floor(Date.now() / 1000) % WINDOW_SECONDS);
        res.setHeader('Retry-After', retryAfter);
        res.status(429).json({
          errors: [{ message: `Too many requests; retry in ${retryAfter} s`, extensions: { code: 'RATE_LIMITED', retryAfter } }],
        });
        return;
      }
    } catch (error) {
      logger.warn({ err: error }, 'rate limit check failed; letting the request through');
    }
    next();
  };
}
