import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { RunningService, startService } from '@scriptbook/platform';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../../accounts/src/accounts.app';
import { contentApp } from '../../../content/src/content.app';
import { gatewayApp } from '../gateway.app';
import { CountingProxy } from '../testing/counting-proxy';
import { ContentVersion } from './content-version';

const GAMES = '{ games { id name } }';
const GAME = 'query Game($id: ID!) { game(id: $id) { id name } }';
const MAX_AGE = 120;
/** Nothing listens on the discard port. */
const UNREACHABLE = 'http://127.0.0.1:9/graphql';
/** A GET a browser cannot send cross-site without a preflight, as Apollo's request-forgery check asks. */
const API_HEADERS = { 'apollo-require-preflight': 'true', accept: 'application/graphql-response+json' };

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/**
 * Content-only answers over GET, through the real gateway in front of the
 * real content subgraph (behind a counting pass-through, so a test can see
 * whether the subgraph was asked) and the real accounts subgraph, with the
 * shared cache in the real Redis.
 */
describe('content answers that caches may keep', () => {
  const isolation = new TestIsolation();
  let content: RunningService;
  let accounts: RunningService;
  let proxy: CountingProxy;
  let gateway: RunningService;
  let redis: Redis;

  const get = async (query: string, params: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer> => {
    const search = new URLSearchParams({ query, ...params });
    const response = await fetch(`${gateway.url}/graphql?${search}`, { headers: { ...API_HEADERS, ...headers } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const contentCalls = () => proxy.clientOperations().length;

  beforeAll(async () => {
    [content, accounts] = await Promise.all([
      startService(contentApp, isolation.postgresEnv('content')),
      startService(accountsApp, isolation.postgresEnv('accounts')),
    ]);
    proxy = await CountingProxy.start(content.url);
    // The checked-in supergraph: accounts and content in one process cannot each serve their own live SDL.
    gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        CONTENT_URL: `${proxy.url}/graphql`,
        ACCOUNTS_URL: `${accounts.url}/graphql`,
        RULES_URL: UNREACHABLE,
        CAMPAIGNS_URL: UNREACHABLE,
        SCORING_URL: UNREACHABLE,
        CONTENT_CACHE_MAX_AGE_SECONDS: String(MAX_AGE),
        RATE_LIMIT_PER_MINUTE: '1000',
      }),
    );
    redis = new Redis(TEST_REDIS_URL);
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await gateway?.stop();
    await proxy?.stop();
    await accounts?.stop();
    await content?.stop();
    await isolation.cleanUp();
  });

  it('answers a content-only GET with a public max-age and an ETag, and a matching If-None-Match with 304 and no body', async () => {
    const first = await get(GAMES);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).data.games.map((game: { id: string }) => game.id).sort()).toEqual(['hope-inhumanity', 'stalker-zs', 'twom']);
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${MAX_AGE}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{43}"$/);

    const revalidated = await get(GAMES, {}, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe(`public, max-age=${MAX_AGE}`);

    const stale = await get(GAMES, {}, { 'if-none-match': '"an-older-tag"' });
    expect(stale.status).toBe(200);
    expect(JSON.parse(stale.text).data).toEqual(JSON.parse(first.text).data);
  });

  it('serves a repeated content-only GET from the shared Redis cache without asking the content subgraph', async () => {
    const variables = JSON.stringify({ id: 'twom' });
    const first = await get(GAME, { variables, operationName: 'Game' });
    expect(first.status).toBe(200);
    const callsAfterFirst = contentCalls();

    const second = await get(GAME, { variables, operationName: 'Game' });
    expect(second.status).toBe(200);
    expect(contentCalls()).toBe(callsAfterFirst);
    expect(JSON.parse(second.text).data).toEqual(JSON.parse(first.text).data);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await redis.exists(`${isolation.redisPrefix}:gateway:content-answer:${second.headers.get('etag')}`)).toBe(1);

    const otherGame = await get(GAME, { variables: JSON.stringify({ id: 'stalker-zs' }), operationName: 'Game' });
    expect(JSON.parse(otherGame.text).data.game.id).toBe('stalker-zs');
    expect(otherGame.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(contentCalls()).toBe(callsAfterFirst + 1);
  });

  it('serves an automatic persisted query over GET with the same caching', async () => {
    const query = '{ games { id } }';
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } });
    const unknown = await fetch(`${gateway.url}/graphql?${new URLSearchParams({ extensions })}`, { headers: API_HEADERS });
    expect(((await unknown.json()) as { errors: { message: string }[] }).errors[0].message).toBe('PersistedQueryNotFound');

    const registered = await get(query, { extensions });
    expect(registered.headers.get('cache-control')).toBe(`public, max-age=${MAX_AGE}`);
    const byHash = await fetch(`${gateway.url}/graphql?${new URLSearchParams({ extensions })}`, { headers: API_HEADERS });
    expect(byHash.status).toBe(200);
    expect(byHash.headers.get('etag')).toBe(registered.headers.get('etag'));
    expect(((await byHash.json()) as { data: unknown }).data).toEqual(JSON.parse(registered.text).data);
  });

  it('keeps no-store and no ETag for a request with a token, a mutation, a POST and an operation that also asks another subgraph', async () => {
    await get(GAMES);
    const withToken = await get(GAMES, {}, { authorization: 'Bearer not-a-real-token' });
    const mixed = await get('{ games { id } me { id } }');
    const post = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GAMES }),
    });
    const mutation = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(input: { email: "nobody@example.com", password: "wrong password" }) { accessToken } }' }),
    });
    expect(mixed.status).toBe(200);
    expect(JSON.parse(mixed.text).data).toEqual({ games: expect.any(Array), me: null });
    for (const answer of [withToken, mixed, post, mutation]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('etag')).toBeNull();
    }
  });

  it('does not let a request without a preflight header through from the cache', async () => {
    await get(GAMES);
    await get(GAMES);
    const simple = await fetch(`${gateway.url}/graphql?${new URLSearchParams({ query: GAMES })}`);
    expect(simple.status).toBe(400);
    expect(simple.headers.get('etag')).toBeNull();
  });

  it('changes every tag and misses the cache when the content release changes', async () => {
    const before = await get(GAMES);
    await get(GAMES);
    const callsBefore = contentCalls();

    proxy.contentHashOverride = 'a-new-release';
    try {
      await gateway.app.get(ContentVersion).refresh();
      const after = await get(GAMES);
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      expect(contentCalls()).toBe(callsBefore + 1);
      const oldTag = await get(GAMES, {}, { 'if-none-match': before.headers.get('etag')! });
      expect(oldTag.status).toBe(200);
    } finally {
      proxy.contentHashOverride = undefined;
      await gateway.app.get(ContentVersion).refresh();
    }
  });

  it('reports the cost and the rate-limit standing in headers and in extensions, on fresh and cached answers alike', async () => {
    const fresh = await get('{ games { id slug: name } }');
    const cached = await get('{ games { id slug: name } }');
    for (const answer of [fresh, cached]) {
      const cost = Number(answer.headers.get('x-query-cost'));
      expect(cost).toBeGreaterThan(0);
      expect(answer.headers.get('x-query-cost-limit')).toBe('5000');
      const limits = JSON.parse(answer.text).extensions.limits;
      expect(limits).toEqual({
        cost,
        costLimit: 5000,
        rateLimit: { limit: 1000, remaining: Number(answer.headers.get('ratelimit-remaining')), reset: Number(answer.headers.get('ratelimit-reset')) },
      });
    }
    expect(cached.headers.get('etag')).toBe(fresh.headers.get('etag'));
  });

});
