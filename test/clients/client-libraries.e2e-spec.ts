import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { cacheExchange, Client, CombinedError, fetchExchange } from '@urql/core';
import { authExchange } from '@urql/exchange-auth';
import Redis from 'ioredis';
import { print } from 'graphql';
import { from, switchMap } from 'rxjs';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { MeDocument, RefreshSessionDocument, SessionFragment, SignInWithDeviceDocument } from '../../clients/generated/graphql';
import { newDeviceId } from '../../services/accounts/src/sessions/session-test-kit';

/** Short enough that access tokens expire while the test runs. */
const ACCESS_TOKEN_SECONDS = 3;
const PORT_OFFSET = platformPortOffset(22_000);

/** What an app keeps in the platform keystore, and whether it still counts itself signed in. */
class Keystore {
  session: SessionFragment | undefined;
  signedOut = false;

  save(session: SessionFragment): void {
    this.session = session;
  }

  signOut(): void {
    this.session = undefined;
    this.signedOut = true;
  }
}

/** Every request an app's client sent: operation, and which access token it carried. */
class Wire {
  readonly sent: { method: string; operation: string; token: string | null }[] = [];

  fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? ((await request.clone().json()) as { operationName?: string }) : undefined;
    const operation = body?.operationName ?? new URL(request.url).searchParams.get('operationName') ?? '?';
    this.sent.push({ method: request.method, operation, token: request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null });
    return fetch(request);
  };
}

const expiredAccessToken = (error: { extensions?: Record<string, unknown> }) => error.extensions?.rule === 'access-token-expired';
const waitForExpiry = () => new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_SECONDS + 1) * 1000));

/**
 * urql with authExchange as its documentation sets it up: the access token on
 * every operation (the refresh included), a refresh on an expired access
 * token, sign-out when the refresh is refused. The one setting it needs here
 * is `preferGetMethod: false` (see docs/companion-app.md).
 */
function urqlApp(url: string, keystore: Keystore, wire: Wire, options: { preferGetMethod?: false } = { preferGetMethod: false }) {
  const refreshes: { error?: CombinedError; session?: SessionFragment }[] = [];
  const client = new Client({
    url,
    ...options,
    fetch: wire.fetch,
    requestPolicy: 'network-only',
    exchanges: [
      cacheExchange,
      authExchange(async (utils) => ({
        addAuthToOperation(operation) {
          const token = keystore.session?.accessToken;
          return token ? utils.appendHeaders(operation, { Authorization: `Bearer ${token}` }) : operation;
        },
        didAuthError: (error) => error.graphQLErrors.some(expiredAccessToken),
        async refreshAuth() {
          const refreshToken = keystore.session?.refreshToken;
          if (!refreshToken) return keystore.signOut();
          const result = await utils.mutate(RefreshSessionDocument, { refreshToken });
          refreshes.push({ error: result.error, session: result.data?.refreshSession });
          if (result.data?.refreshSession && !result.error) keystore.save(result.data.refreshSession);
          else keystore.signOut();
        },
      })),
      fetchExchange,
    ],
  });
  return { client, refreshes };
}

/**
 * Apollo Client 4 with the link chain its documentation describes: an
 * ErrorLink that refreshes on an expired access token and retries with
 * `forward`, a SetContextLink that adds the token to every operation (the
 * refresh included), and HttpLink. One refresh at a time.
 */
function apolloApp(uri: string, keystore: Keystore, wire: Wire) {
  const refreshes: SessionFragment[] = [];
  let refreshing: Promise<void> | undefined;
  const refresh = (): Promise<void> =>
    (refreshing ??= client
      .mutate({ mutation: RefreshSessionDocument, variables: { refreshToken: keystore.session!.refreshToken } })
      .then(({ data }) => {
        refreshes.push(data!.refreshSession);
        keystore.save(data!.refreshSession);
      })
      .catch((error: unknown) => {
        keystore.signOut();
        throw error;
      })
      .finally(() => {
        refreshing = undefined;
      }));
  const errorLink = new ErrorLink(({ error, operation, forward }) => {
    if (CombinedGraphQLErrors.is(error) && error.errors.some(expiredAccessToken) && keystore.session) {
      return from(refresh()).pipe(switchMap(() => forward(operation)));
    }
  });
  const authLink = new SetContextLink(({ headers }) => {
    const token = keystore.session?.accessToken;
    return { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });
  const client: ApolloClient = new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, new HttpLink({ uri, fetch: wire.fetch })]),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'network-only' } },
  });
  return { client, refreshes };
}

/**
 * The two client libraries companion apps use most, set up as their own
 * documentation says, against the whole platform from the build with
 * access tokens that last 3 s: the app refreshes once when its token has
 * expired, stores the new tokens, retries and stays signed in; a refused
 * refresh signs it out instead of looping.
 */
describe('urql and Apollo Client keep a device signed in through the gateway', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let endpoint: string;

  beforeAll(async () => {
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, logLevel: 'info', env: { JWT_TTL: `${ACCESS_TOKEN_SECONDS}s` } });
    endpoint = `${platform.gatewayUrl}/graphql`;
  }, 100_000);

  afterAll(async () => {
    await platform?.stop();
    await isolation.cleanUp();
  });

  const signIn = async (keystore: Keystore, deviceId = newDeviceId()) => {
    const response = await graphql(platform.gatewayUrl, print(SignInWithDeviceDocument), { input: { deviceId, displayName: 'Ana', deviceName: 'Phone' } });
    expect(response.errors).toBeUndefined();
    keystore.save(response.data!.signInWithDevice);
    return keystore.session!;
  };

  /**
   * Someone else exchanges the app's refresh token first and then uses the
   * token it got (so the app's later refresh cannot pass for the retry of a
   * lost answer): the app's own refresh is refused as reuse.
   */
  const stealRefreshToken = async (keystore: Keystore) => {
    const exchange = 'mutation($t: String!) { refreshSession(refreshToken: $t) { refreshToken } }';
    const stolen = await graphql(platform.gatewayUrl, exchange, { t: keystore.session!.refreshToken });
    expect(stolen.errors).toBeUndefined();
    expect((await graphql(platform.gatewayUrl, exchange, { t: stolen.data!.refreshSession.refreshToken })).errors).toBeUndefined();
  };

  describe('urql', () => {
    it('refused every query sent as urql 6 sends it by default (GET, no preflight header), and works with preferGetMethod: false', async () => {
      const keystore = new Keystore();
      await signIn(keystore);
      const wire = new Wire();
      const byDefault = urqlApp(endpoint, keystore, wire, {}).client;
      const refused = await byDefault.query(MeDocument, {}).toPromise();
      expect(wire.sent.map(({ method }) => method)).toEqual(['GET']);
      expect(refused.data).toBeUndefined();
      expect(refused.error?.graphQLErrors[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST' });
      expect(refused.error?.message).toMatch(/Cross-Site Request Forgery/);

      const answered = await urqlApp(endpoint, keystore, wire).client.query(MeDocument, {}).toPromise();
      expect(answered.error).toBeUndefined();
      expect(answered.data!.me).toMatchObject(keystore.session!.player);
      expect(wire.sent.at(-1)!.method).toBe('POST');
    });

    it('refreshes once after the access token expired, stores the new tokens, retries and stays signed in, twice over', async () => {
      const keystore = new Keystore();
      const first = await signIn(keystore);
      const wire = new Wire();
      const { client, refreshes } = urqlApp(endpoint, keystore, wire);
      expect((await client.query(MeDocument, {}).toPromise()).data!.me!.id).toBe(first.player.id);

      await waitForExpiry();
      const me = await client.query(MeDocument, {}).toPromise();
      expect(me.error).toBeUndefined();
      expect(me.data!.me).toMatchObject({ id: first.player.id, displayName: 'Ana', hasEmail: false });
      // The refresh went out with the expired token in its header, as authExchange sends it, and came back whole.
      expect(refreshes).toEqual([{ error: undefined, session: expect.objectContaining({ player: expect.objectContaining({ id: first.player.id, hasEmail: false }) }) }]);
      const second = keystore.session!;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(wire.sent.slice(1)).toEqual([
        { method: 'POST', operation: 'Me', token: first.accessToken },
        { method: 'POST', operation: 'RefreshSession', token: first.accessToken },
        { method: 'POST', operation: 'Me', token: second.accessToken },
      ]);

      await waitForExpiry();
      expect((await client.query(MeDocument, {}).toPromise()).data!.me!.id).toBe(first.player.id);
      expect(refreshes).toHaveLength(2);
      expect(keystore.signedOut).toBe(false);
    }, 30_000);

    it('signs out, without a second refresh, when the refresh is refused', async () => {
      const keystore = new Keystore();
      await signIn(keystore);
      const wire = new Wire();
      const { client, refreshes } = urqlApp(endpoint, keystore, wire);
      await stealRefreshToken(keystore);
      await waitForExpiry();

      const me = await client.query(MeDocument, {}).toPromise();
      expect(keystore.signedOut).toBe(true);
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0].error!.graphQLErrors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
      expect(me.data?.me ?? null).toBeNull();
      expect(wire.sent.map(({ operation }) => operation)).toEqual(['Me', 'RefreshSession', 'Me']);
      // Signed out, the app asks without a token and gets the answer for nobody; nothing refreshes again.
      expect((await client.query(MeDocument, {}).toPromise()).data!.me).toBeNull();
      expect(wire.sent.at(-1)).toEqual({ method: 'POST', operation: 'Me', token: null });
      expect(refreshes).toHaveLength(1);
    }, 30_000);
  });

  describe('Apollo Client', () => {
    it('refreshes once after the access token expired, stores the new tokens, retries and stays signed in, twice over', async () => {
      const keystore = new Keystore();
      const first = await signIn(keystore);
      const wire = new Wire();
      const { client, refreshes } = apolloApp(endpoint, keystore, wire);
      expect((await client.query({ query: MeDocument })).data!.me!.id).toBe(first.player.id);

      await waitForExpiry();
      const me = await client.query({ query: MeDocument });
      expect(me.error).toBeUndefined();
      expect(me.data!.me).toMatchObject({ id: first.player.id, displayName: 'Ana', hasEmail: false });
      expect(refreshes).toHaveLength(1);
      const second = keystore.session!;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(wire.sent.slice(1)).toEqual([
        { method: 'POST', operation: 'Me', token: first.accessToken },
        { method: 'POST', operation: 'RefreshSession', token: first.accessToken },
        { method: 'POST', operation: 'Me', token: second.accessToken },
      ]);

      await waitForExpiry();
      expect((await client.query({ query: MeDocument })).data!.me!.id).toBe(first.player.id);
      expect(refreshes).toHaveLength(2);
      expect(keystore.signedOut).toBe(false);
    }, 30_000);

    it('signs out, without a second refresh, when the refresh is refused', async () => {
      const keystore = new Keystore();
      await signIn(keystore);
      const wire = new Wire();
      const { client, refreshes } = apolloApp(endpoint, keystore, wire);
      await stealRefreshToken(keystore);
      await waitForExpiry();

      const refused = await client.query({ query: MeDocument }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(CombinedGraphQLErrors.is(refused) && refused.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
      expect(keystore.signedOut).toBe(true);
      expect(refreshes).toHaveLength(0);
      expect(wire.sent.map(({ operation }) => operation)).toEqual(['Me', 'RefreshSession']);
      expect((await client.query({ query: MeDocument })).data!.me).toBeNull();
      expect(wire.sent.at(-1)).toEqual({ method: 'POST', operation: 'Me', token: null });
    }, 30_000);
  });

  it('kept emails and device ids out of Redis keys and the log files, with the log files readable by their owner only', async () => {
    const email = `grace-${isolation.id}@example.org`;
    const deviceId = newDeviceId();
    await graphql(platform.gatewayUrl, 'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken } }', {
      input: { email, password: 'a long password', displayName: 'Grace' },
    });
    await graphql(platform.gatewayUrl, 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email, password: 'wrong password' } });
    await graphql(platform.gatewayUrl, 'mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken } }', { input: { deviceId } });

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${isolation.redisPrefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes(email) || key.includes(deviceId))).toEqual([]);
    } finally {
      await redis.quit();
    }
    const logs = join(platform.dataDir, 'logs');
    const files = readdirSync(logs);
    expect(files.length).toBeGreaterThan(0);
    expect(statSync(logs).mode & 0o777).toBe(0o700);
    for (const file of files) {
      const text = readFileSync(join(logs, file), 'utf8');
      const mode = statSync(join(logs, file)).mode & 0o777;
      expect({ file, mode, email: text.includes(email), deviceId: text.includes(deviceId) }).toEqual({ file, mode: 0o600, email: false, deviceId: false });
    }
  });
});
