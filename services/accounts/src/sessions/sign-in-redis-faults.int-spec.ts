import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { PrivateRedis } from '../../../campaigns/src/testing/private-redis';
import { accountsApp } from '../accounts.app';
import { accountRows, deviceSession, LOGIN, newDeviceId, REFRESH, SIGN_IN_WITH_DEVICE } from './session-test-kit';

jest.setTimeout(90_000);

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken player { id } } }`;
/** What the gateway waits for a subgraph (SUBGRAPH_TIMEOUT_MS) before it gives up on it. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** Fails the test with a clear message rather than letting a hung request wait for Jest's timeout. */
async function answeredWithin(ms: number, what: string, request: Promise<GraphQLResponse>): Promise<GraphQLResponse & { ms: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return { ...(await Promise.race([request, deadline])), ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sign-in counts every attempt in Redis before it checks anything, and a
 * sign-out writes its revocation to Redis before it commits. With Redis
 * frozen (connections open, nothing answering, as behind a partition) each
 * must answer SERVICE_UNAVAILABLE, saying what could not be done, before
 * the gateway gives up on the subgraph, and store nothing: no player, no
 * device, no session, no rotated refresh token. An uncounted password guess
 * is never let through.
 */
describe('signing in while Redis is frozen', () => {
  const isolation = new TestIsolation();
  let redisServer: PrivateRedis;
  let service: RunningService;
  let dataSource: DataSource;

  beforeAll(async () => {
    redisServer = await PrivateRedis.start();
    service = await startService(accountsApp, isolation.postgresEnv('accounts', { REDIS_URL: redisServer.url }));
    dataSource = service.app.get(DataSource);
  });

  afterAll(async () => {
    redisServer?.thaw();
    await service?.stop().catch(() => undefined);
    await redisServer?.kill();
    await isolation.cleanUp();
  });

  it('refuses login, registration, device sign-in, refresh and sign-out with SERVICE_UNAVAILABLE in bounded time, storing nothing', async () => {
    const email = `ana-${isolation.id}@example.org`;
    expect((await graphql(service.url, REGISTER, { input: { email, password: 'a long password', displayName: 'Ana' } })).errors).toBeUndefined();
    const device = await deviceSession(service.url, newDeviceId());
    const before = await accountRows(dataSource);

    redisServer.freeze();
    try {
      // First, while the process still trusts its revocation mirror: the sign-out's own write to Redis is what fails.
      const signOut = await answeredWithin(GATEWAY_TIMEOUT_MS, 'signOut', graphql(service.url, 'mutation { signOut }', {}, device.accessToken));
      expect(signOut.errors![0]).toMatchObject({
        message: 'Ending the session cannot be done right now (Redis did not answer); nothing was changed, retry shortly',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });

      const attempts: [string, () => Promise<GraphQLResponse>][] = [
        ['login', () => graphql(service.url, LOGIN, { input: { email, password: 'a long password' } })],
        ['registerPlayer', () => graphql(service.url, REGISTER, { input: { email: `ben-${isolation.id}@example.org`, password: 'a long password', displayName: 'Ben' } })],
        ['signInWithDevice (a new device)', () => graphql(service.url, SIGN_IN_WITH_DEVICE, { input: { deviceId: newDeviceId() } })],
        ['refreshSession', () => graphql(service.url, REFRESH, { token: device.refreshToken })],
      ];
      for (const [what, attempt] of attempts) {
        const answer = await answeredWithin(GATEWAY_TIMEOUT_MS, what, attempt());
        expect({ what, data: answer.data ?? null, error: answer.errors?.[0] }).toEqual({
          what,
          data: null,
          error: expect.objectContaining({
            message: 'Counting sign-in attempts cannot be done right now (Redis did not answer); nothing was changed, retry shortly',
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          }),
        });
      }
      expect(await accountRows(dataSource)).toEqual(before);
    } finally {
      redisServer.thaw();
    }

    // Once Redis answers again, so does sign-in, and the refresh token that could not be used then still works.
    let refreshed = await graphql(service.url, REFRESH, { token: device.refreshToken });
    for (let attempt = 0; refreshed.errors?.[0]?.extensions?.code === 'SERVICE_UNAVAILABLE' && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refreshed = await graphql(service.url, REFRESH, { token: device.refreshToken });
    }
    expect(refreshed.errors).toBeUndefined();
    expect((await graphql(service.url, LOGIN, { input: { email, password: 'a long password' } })).errors).toBeUndefined();
  });
});
