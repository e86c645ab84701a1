import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { hashSecret } from '../devices/device-id';
import { refusal } from '../groups/group-test-kit';
import { accountRows, LOGIN, newDeviceId, SIGN_IN_WITH_DEVICE } from './session-test-kit';

jest.setTimeout(30_000);

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken } }`;

describe('sign-in throttles on Redis: new players per address, and what their keys give away', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let dataSource: DataSource;

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts', { DEVICE_PLAYER_ADDRESS_LIMIT: '3' }));
    dataSource = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  const signIn = (deviceId: string, clientAddress: string) => graphql(service.url, SIGN_IN_WITH_DEVICE, { input: { deviceId } }, undefined, { clientAddress });

  it('bounds the players new device ids create from one address, not known devices signing in again', async () => {
    const from = '198.51.100.20';
    const devices = [newDeviceId(), newDeviceId(), newDeviceId()];
    for (const deviceId of devices) expect((await signIn(deviceId, from)).errors).toBeUndefined();
    const before = await accountRows(dataSource);

    const fourth = await signIn(newDeviceId(), from);
    expect(fourth.data).toBeNull();
    expect(refusal(fourth)).toEqual({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(refusal(fourth)!.retryAfter).toBeGreaterThan(60);
    expect(await accountRows(dataSource)).toEqual(before);

    // The players already made keep signing in from there, and another address may still make its own.
    for (const deviceId of devices) expect((await signIn(deviceId, from)).errors).toBeUndefined();
    expect((await signIn(newDeviceId(), '198.51.100.21')).errors).toBeUndefined();
  });

  it('keeps emails, device ids and addresses out of Redis keys: each bucket is named by a keyed hash', async () => {
    const email = `Cleo.Personal-${isolation.id}@Example.org`;
    const deviceId = newDeviceId();
    const address = '198.51.100.77';
    const at = { clientAddress: address };
    await graphql(service.url, REGISTER, { input: { email, password: 'a long password', displayName: 'Cleo' } }, undefined, at);
    await graphql(service.url, LOGIN, { input: { email, password: 'not the password' } }, undefined, at);
    await graphql(service.url, SIGN_IN_WITH_DEVICE, { input: { deviceId } }, undefined, at);

    const keys = await redis.keys(`${isolation.redisPrefix}:ratelimit:*`);
    const families = new Set(keys.map((key) => key.split(':').slice(2, -2).join(':')));
    expect([...families].sort()).toEqual(
      expect.arrayContaining(['device:account', 'device:address', 'device:new-player:address', 'login:account', 'login:address', 'register:account', 'register:address']),
    );
    const personal = [email, email.toLowerCase(), email.toLowerCase().split('@')[0], deviceId, hashSecret(deviceId), address];
    for (const key of keys) {
      for (const value of personal) expect(key.toLowerCase()).not.toContain(value.toLowerCase());
      // <prefix>:ratelimit:<rule>:<HMAC-SHA-256, base64url>:<window>
      expect(key.split(':').at(-2)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});
