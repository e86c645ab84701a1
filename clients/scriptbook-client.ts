import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { RefreshSessionDocument, SessionFragment, SignInWithDeviceDocument, SignInWithDeviceInput, SignOutDocument } from './generated/graphql';

/**
 * A small typed client for the Scriptbook API on `fetch` alone: every call
 * takes a generated document, so its variables and its answer are typed by
 * the schema. It keeps a device's session fresh (one refresh at a time),
 * sends content-only queries as cacheable GETs with `If-None-Match`, and
 * reports the limits of the last answer. An app may use it as it is or as
 * the reference for its own HTTP layer.
 */

/** One entry of a GraphQL answer's `errors`, with the extensions Scriptbook sets. */
export interface ApiError {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { code?: string; field?: string; rule?: string; retryAfter?: number; [key: string]: unknown };
}

/** What an answer reports in `extensions.limits` (docs/api.md, "Limits a client can see"). */
export interface Limits {
  readonly cost?: number;
  readonly costLimit?: number;
  readonly rateLimit?: { limit: number; remaining: number; reset: number } | null;
}

/** Thrown when an answer carries errors; the first error's code, field and rule are at hand. */
export class ScriptbookError extends Error {
  constructor(
    readonly errors: readonly ApiError[],
    /** Whatever data came with the errors: root fields are nullable, so the rest of a screen may be here. */
    readonly partialData: unknown = null,
  ) {
    super(errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('; '));
    this.name = 'ScriptbookError';
  }

  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

export type Session = SessionFragment;

export interface ScriptbookClientOptions {
  /** The gateway's GraphQL endpoint, e.g. `http://localhost:4000/graphql`. */
  readonly endpoint: string;
  /** A session kept from an earlier run (from the platform keystore). */
  readonly session?: Session;
  /** Called with every new session, and with `undefined` when it ends: store it, refresh token first. */
  readonly onSession?: (session: Session | undefined) => void;
  /**
   * The access token of a session another part of the app keeps: the client
   * SDK's `client.accessToken()`. Requests are then signed with it, and this
   * client neither signs in nor refreshes, so the session has one refresher
   * (two refreshing one refresh token count as reuse and end the session).
   */
  readonly accessToken?: () => Promise<string>;
  /** Longest `Retry-After` the client waits out by itself before giving up with RATE_LIMITED. */
  readonly maxRetryAfterSeconds?: number;
  readonly fetch?: typeof fetch;
}

/** Variables may be left out when the operation has none or all are optional. */
type VariablesArg<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

interface Answer<T> {
  readonly data?: T | null;
  readonly errors?: readonly ApiError[];
  readonly extensions?: { limits?: Limits };
}

/** Refresh this long before the access token expires, so no request goes out with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

export class ScriptbookClient {
  private session: Session | undefined;
  private refreshing: Promise<Session> | undefined;
  private readonly contentCache = new Map<string, { etag: string; data: unknown }>();
  private readonly fetch: typeof fetch;
  /** The limits the last answer reported. */
  lastLimits: Limits | undefined;

  constructor(private readonly options: ScriptbookClientOptions) {
    this.session = options.session;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  get currentSession(): Session | undefined {
    return this.session;
  }

  /** Signs this device in (the first time, creates its player); the device id is made once at install. */
  async signInWithDevice(input: SignInWithDeviceInput): Promise<Session> {
    const { signInWithDevice } = await this.send(SignInWithDeviceDocument, { input }, { signedIn: false });
    this.keep(signInWithDevice);
    return signInWithDevice;
  }

  /**
   * Runs a query or mutation over POST, signed in when there is a session.
   * An expired access token is refreshed first; an UNAUTHENTICATED answer
   * gets one refresh and one retry.
   */
  async request<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, ...[variables]: VariablesArg<TVariables>): Promise<TData> {
    if (this.options.accessToken) return this.send(document, variables, { signedIn: true, token: await this.options.accessToken() });
    if (!this.session) return this.send(document, variables, { signedIn: false });
    await this.freshSession();
    try {
      return await this.send(document, variables, { signedIn: true });
    } catch (error) {
      if (!(error instanceof ScriptbookError) || error.code !== 'UNAUTHENTICATED' || !this.session) throw error;
      await this.refreshSession();
      return this.send(document, variables, { signedIn: true });
    }
  }

  /**
   * Runs a content-only query as a GET without credentials, the form the
   * gateway and HTTP caches may keep, and revalidates with the ETag it was
   * given: an unchanged answer comes back as 304 and costs nothing.
   */
  async content<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, ...[variables]: VariablesArg<TVariables>): Promise<TData> {
    const url = new URL(this.options.endpoint);
    url.searchParams.set('query', print(document));
    if (variables) url.searchParams.set('variables', JSON.stringify(variables));
    const key = url.toString();
    const cached = this.contentCache.get(key);
    const response = await this.call(key, {
      method: 'GET',
      // Without it the gateway refuses a GET as a possible cross-site request.
      headers: { 'apollo-require-preflight': 'true', ...(cached ? { 'if-none-match': cached.etag } : {}) },
    });
    if (response.status === 304 && cached) return cached.data as TData;
    const data = await this.answer<TData>(response);
    const etag = response.headers.get('etag');
    if (etag) this.contentCache.set(key, { etag, data });
    return data;
  }

  /** Ends this session on the server and forgets it. */
  async signOut(): Promise<void> {
    if (this.session) await this.request(SignOutDocument);
    this.session = undefined;
    this.options.onSession?.(undefined);
  }

  private async freshSession(): Promise<void> {
    if (this.session && Date.parse(this.session.expiresAt) - Date.now() < REFRESH_MARGIN_MS) await this.refreshSession();
  }

  /**
   * Exchanges the refresh token for a new session now (requests do it by
   * themselves when needed). One refresh at a time: two racing with the same
   * token would count as reuse and end the session.
   */
  refreshSession(): Promise<Session> {
    this.refreshing ??= (async () => {
      try {
        const { refreshSession } = await this.send(RefreshSessionDocument, { refreshToken: this.session!.refreshToken }, { signedIn: false });
        this.keep(refreshSession);
        return refreshSession;
      } catch (error) {
        // The refresh token is spent, expired or reused: only a new sign-in helps.
        if (error instanceof ScriptbookError && error.code === 'UNAUTHENTICATED') {
          this.session = undefined;
          this.options.onSession?.(undefined);
        }
        throw error;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private keep(session: Session): void {
    this.session = session;
    this.options.onSession?.(session);
  }

  private async send<TData, TVariables>(
    document: TypedDocumentNode<TData, TVariables>,
    variables: TVariables | undefined,
    { signedIn, token = this.session?.accessToken }: { signedIn: boolean; token?: string },
  ): Promise<TData> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signedIn && token) headers.authorization = `Bearer ${token}`;
    const response = await this.call(this.options.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
    });
    return this.answer<TData>(response);
  }

  /** Waits out one short `Retry-After` itself; a longer one is the app's to schedule. */
  private async call(url: string, init: RequestInit): Promise<Response> {
    const response = await this.fetch(url, init);
    const header = response.headers.get('retry-after');
    const retryAfter = header === null ? Number.NaN : Number(header);
    if (response.status !== 429 || !(retryAfter <= (this.options.maxRetryAfterSeconds ?? 5))) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    return this.fetch(url, init);
  }

  private async answer<TData>(response: Response): Promise<TData> {
    const body = (await response.json()) as Answer<TData>;
    this.lastLimits = body.extensions?.limits;
    if (body.errors?.length) throw new ScriptbookError(body.errors, body.data ?? null);
    if (body.data === undefined || body.data === null) throw new ScriptbookError([{ message: `HTTP ${response.status} without data` }]);
    return body.data;
  }
}
