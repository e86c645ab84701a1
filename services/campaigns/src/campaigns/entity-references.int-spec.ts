import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { expectTypedAnswers, hostileRepresentations } from '@scriptbook/platform/validation/testing/hostile-representations';
import { campaignsApp } from '../campaigns.app';

describe('campaigns’ _entities on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let token: string;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    token = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('answers every representation it cannot resolve with a typed error at its own index, never INTERNAL_SERVER_ERROR', async () => {
    const cases = hostileRepresentations({
      entity: 'Campaign',
      unknownId: '01900000-0000-7000-8000-000000000000',
      notAnEntity: 'CampaignPushResult',
      stubs: ['Player', 'Game', 'BackgroundJob'],
    });
    await expectTypedAnswers(service.url, cases, token);
  });
});
