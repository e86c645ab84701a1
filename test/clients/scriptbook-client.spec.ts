import { GamesDocument, MeDocument } from '../../clients/generated/graphql';
import { ScriptbookClient, ScriptbookError, Session } from '../../clients/scriptbook-client';

/**
 * The typed client's own decisions, on a scripted `fetch`: when it
 * refreshes, that it never runs two refreshes at once, what it does with
 * an UNAUTHENTICATED answer, a short Retry-After and an ETag. The client
 * against the real platform is in test/platform/first-five-minutes.e2e-spec.ts.
 */

const ENDPOINT = 'http://api.test/graphql';

function session(name: string, expiresInMs: number): Session {
  return {
    accessToken: `access-${name}`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    refreshToken: `refresh-${name}`,
    refreshExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    player: { id: 'p1', displayName: 'Ana', hasEmail: false },
  };
}

interface Call {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: { query: string; variables: Record<string, unknown> };
}

/** A fetch that records each call and answers from the script, in order. */
function scriptedFetch(...answers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(url),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.url}`);
    return answer(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const me = json({ data: { me: { id: 'p1', displayName: 'Ana', hasEmail: false } } });
const refreshed = (name: string) => json({ data: { refreshSession: session(name, 900_000) } });
const unauthenticated = json({ data: { me: null }, errors: [{ message: 'Sign in again', extensions: { code: 'UNAUTHENTICATED' } }] });

describe('ScriptbookClient', () => {
  it('sends the access token of a fresh session as it is', async () => {
    const { fetch, calls } = scriptedFetch(me);
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 900_000), fetch });
    expect(await client.request(MeDocument)).toEqual({ me: { id: 'p1', displayName: 'Ana', hasEmail: false } });
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer access-a']);
  });

  it('refreshes a session about to expire first, stores the new one, and uses it', async () => {
    const stored: (Session | undefined)[] = [];
    const { fetch, calls } = scriptedFetch(refreshed('b'), me);
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 10_000), fetch, onSession: (s) => stored.push(s) });
    await client.request(MeDocument);
    expect(calls[0].body?.variables).toEqual({ refreshToken: 'refresh-a' });
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(calls[1].headers.authorization).toBe('Bearer access-b');
    expect(stored.map((s) => s?.refreshToken)).toEqual(['refresh-b']);
  });

  it('runs one refresh for requests that need one at the same time', async () => {
    const { fetch, calls } = scriptedFetch(refreshed('b'), me, me);
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 10_000), fetch });
    await Promise.all([client.request(MeDocument), client.request(MeDocument)]);
    expect(calls.filter((call) => call.body?.query.includes('refreshSession'))).toHaveLength(1);
    expect(calls.slice(1).map((call) => call.headers.authorization)).toEqual(['Bearer access-b', 'Bearer access-b']);
  });

  it('after an UNAUTHENTICATED answer refreshes once and retries once', async () => {
    const { fetch, calls } = scriptedFetch(unauthenticated, refreshed('b'), me);
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 900_000), fetch });
    await client.request(MeDocument);
    expect(calls.map((call) => call.headers.authorization ?? 'none')).toEqual(['Bearer access-a', 'none', 'Bearer access-b']);
  });

  it('forgets the session when the refresh token is refused, and says so', async () => {
    const stored: (Session | undefined)[] = [];
    const refused = json({ data: null, errors: [{ message: 'reused', extensions: { code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' } }] });
    const { fetch } = scriptedFetch(refused);
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 10_000), fetch, onSession: (s) => stored.push(s) });
    const error = await client.request(MeDocument).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptbookError);
    expect((error as ScriptbookError).errors[0].extensions).toMatchObject({ field: 'refreshToken', rule: 'reused' });
    expect(client.currentSession).toBeUndefined();
    expect(stored).toEqual([undefined]);
  });

  it('signs with the token of a session kept elsewhere (the client SDK’s), asking for it on every request and never refreshing itself', async () => {
    const { fetch, calls } = scriptedFetch(me, unauthenticated);
    const tokens = ['from-sdk-1', 'from-sdk-2'];
    const asked: string[] = [];
    const client = new ScriptbookClient({ endpoint: ENDPOINT, fetch, accessToken: async () => (asked.push('asked'), tokens.shift()!) });
    await client.request(MeDocument);
    // An UNAUTHENTICATED answer is the session keeper's to mend: no refresh of its own, no retry.
    const error = await client.request(MeDocument).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptbookError);
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer from-sdk-1', 'Bearer from-sdk-2']);
    expect(calls.filter((call) => call.body?.query.includes('refreshSession'))).toEqual([]);
    expect(asked).toHaveLength(2);
  });

  it('throws the errors with the partial data that came with them', async () => {
    const { fetch } = scriptedFetch(json({ data: { games: null, contentVersion: { hash: 'h1' } }, errors: [{ message: 'down', path: ['games'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] }));
    const client = new ScriptbookClient({ endpoint: ENDPOINT, fetch });
    const error = (await client.request(GamesDocument).catch((e: unknown) => e)) as ScriptbookError;
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.partialData).toEqual({ games: null, contentVersion: { hash: 'h1' } });
  });

  it('sends content as a GET without credentials and revalidates it with its ETag', async () => {
    const games = { games: [{ id: 'stalker-zs', name: 'S.T.A.L.K.E.R.', summary: null }], contentVersion: { hash: 'h1' } };
    const { fetch, calls } = scriptedFetch(json({ data: games }, 200, { etag: '"v1"' }), () => new Response(null, { status: 304 }));
    const client = new ScriptbookClient({ endpoint: ENDPOINT, session: session('a', 900_000), fetch });
    expect(await client.content(GamesDocument)).toEqual(games);
    expect(await client.content(GamesDocument)).toEqual(games);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
    expect(new URL(calls[0].url).searchParams.get('query')).toContain('games');
    expect(calls[0].headers).toEqual({ 'apollo-require-preflight': 'true' });
    expect(calls[1].headers).toEqual({ 'apollo-require-preflight': 'true', 'if-none-match': '"v1"' });
  });

  it('waits out a short Retry-After once, and leaves a long one to the app', async () => {
    const limited = (seconds: number) =>
      json({ errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED', retryAfter: seconds } }] }, 429, { 'retry-after': String(seconds) });
    const short = scriptedFetch(limited(0), me);
    await new ScriptbookClient({ endpoint: ENDPOINT, fetch: short.fetch }).request(MeDocument);
    expect(short.calls).toHaveLength(2);

    const long = scriptedFetch(limited(60));
    const error = (await new ScriptbookClient({ endpoint: ENDPOINT, fetch: long.fetch }).request(MeDocument).catch((e: unknown) => e)) as ScriptbookError;
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.errors[0].extensions?.retryAfter).toBe(60);
    expect(long.calls).toHaveLength(1);
  });

  it('keeps the limits the last answer reported', async () => {
    const limits = { cost: 3, costLimit: 5000, rateLimit: { limit: 600, remaining: 599, reset: 59 } };
    const { fetch } = scriptedFetch(json({ data: { me: null }, extensions: { limits } }));
    const client = new ScriptbookClient({ endpoint: ENDPOINT, fetch });
    await client.request(MeDocument);
    expect(client.lastLimits).toEqual(limits);
  });
});
