import { Module } from '@nestjs/common';
import Redis from 'ioredis';
import { startService, RunningService } from '../bootstrap/bootstrap';
import { serviceConfigSchema } from '../config/config';
import { TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { MembershipReader } from './membership-reader';
import { MembershipWriter } from './membership-writer';
import { MembershipModule } from './membership.module';

@Module({ imports: [MembershipModule] })
class ReadingServiceModule {}

describe('MembershipModule in a service', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;

  beforeAll(async () => {
    const { DATABASE_URL: _unused, ...env } = isolation.postgresEnv('reader');
    service = await startService({ name: 'reader', module: ReadingServiceModule, configSchema: serviceConfigSchema(0, {}) }, env);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it("gives the service a started reader on its REDIS_PREFIX that follows accounts' changes", async () => {
    const reader = service.app.get(MembershipReader);
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const token = await writer.startRebuild();
    await writer.write({ groupId: 'g', version: 1, members: [{ playerId: 'p', role: 'OWNER' }, { playerId: 'q', role: 'MEMBER' }] });
    await writer.finishRebuild(token);
    expect(await reader.roleOf('g', 'q')).toBe('MEMBER');

    await writer.write({ groupId: 'g', version: 2, members: [{ playerId: 'p', role: 'OWNER' }] });
    const deadline = Date.now() + 1_000;
    while ((await reader.isMember('g', 'q')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await reader.isMember('g', 'q')).toBe(false);
  });
});
