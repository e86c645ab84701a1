import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { player { id } } }`;

/**
 * Limits count in fixed windows; a test that crossed a window's end would see
 * its counts restart. Waits out the last `margin` seconds of a window instead.
 */
async function clearOfWindowEdge(windowSeconds: number, margin: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

async function login(url: string, email: string, password: string) {
  return graphql(url, LOGIN, { input: { email, password } });
}

// Every wrong password costs a real bcrypt comparison.
jest.setTimeout(60_000);

describe('login and registration throttles (Postgres, real Redis)', () => {
  const isolation = new TestIsolation();
  let service: RunningService;

  beforeAll(async () => {
    // The registration hour holds this whole file's sign-ups (the last test counts them).
    await clearOfWindowEdge(3600, 40);
    // Default limits, except a per-address login limit high enough that the per-account one decides first.
    service = await startService(accountsApp, isolation.postgresEnv('accounts', { LOGIN_ADDRESS_LIMIT: '200' }));
    for (const email of ['ana@example.org', 'ben@example.org']) {
      const registered = await graphql(service.url, REGISTER, { input: { email, password: 'correct horse', displayName: 'P' } });
      expect(registered.errors).toBeUndefined();
    }
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('clears an account’s failed attempts when the right password arrives', async () => {
    await clearOfWindowEdge(15 * 60, 10);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login(service.url, 'ben@example.org', 'wrong')).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
      const right = await login(service.url, 'ben@example.org', 'correct horse');
      expect(right.errors).toBeUndefined();
    }
  });

  it('refuses the right password with RATE_LIMITED after 50 wrong ones, with a retryAfter', async () => {
    await clearOfWindowEdge(15 * 60, 15);
    const codes: unknown[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login(service.url, 'Ana@Example.org ', `guess ${i}`)).errors![0].extensions!.code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('UNAUTHENTICATED'));
    expect(codes.slice(10)).toEqual(Array(40).fill('RATE_LIMITED'));

    const right = await login(service.url, 'ana@example.org', 'correct horse');
    expect(right.data).toBeNull();
    expect(right.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = right.errors![0].extensions!.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another account from the same address is not locked by Ana's.
    expect((await login(service.url, 'ben@example.org', 'correct horse')).errors).toBeUndefined();
  });

  it('limits one address across many accounts, and registrations per address', async () => {
    const limited = await startService(
      accountsApp,
      isolation.postgresEnv('accounts', { LOGIN_ADDRESS_LIMIT: '5', LOGIN_ADDRESS_WINDOW_SECONDS: '3600', REGISTER_ADDRESS_LIMIT: '3' }),
    );
    try {
      const codes: unknown[] = [];
      for (let i = 0; i < 7; i++) codes.push((await login(limited.url, `someone-${i}@example.org`, 'whatever1')).errors![0].extensions!.code);
      expect(codes).toEqual([...Array(5).fill('UNAUTHENTICATED'), 'RATE_LIMITED', 'RATE_LIMITED']);

      const registrations: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await graphql(limited.url, REGISTER, { input: { email: `new-${i}@example.org`, password: 'correct horse', displayName: 'N' } });
        registrations.push(response.errors?.[0].extensions!.code ?? 'OK');
      }
      // The two registrations of beforeAll count too: Redis holds the address's hour for every replica.
      expect(registrations).toEqual(['OK', 'RATE_LIMITED', 'RATE_LIMITED']);
    } finally {
      await limited.stop();
    }
  });
});
