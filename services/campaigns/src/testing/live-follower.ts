import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform';
import { TEST_GATEWAY_SIGNING_SECRET } from '@scriptbook/platform/testing/test-environment';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

export const CAMPAIGN_CHANGED = 'subscription($id: ID!) { campaignChanged(campaignId: $id) { campaignId fromVersion version } }';

export interface FollowedEvent {
  readonly campaignId: string;
  readonly fromVersion: number;
  readonly version: number;
}

export interface LiveErrorShape {
  readonly message: string;
  readonly extensions?: Record<string, unknown>;
}

export interface Following {
  readonly events: FollowedEvent[];
  /** The errors the stream ended with, or the close event when the socket itself was refused. */
  readonly ended: Promise<{ errors?: LiveErrorShape[]; closed?: { code: number; reason: string }; completed?: true }>;
  /** The socket's close, whoever closed it, with its code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves once an event at or past `version` has arrived. */
  reach(version: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface FollowOptions {
  /** The access token for connection_init; a function is asked at every connection, as a device that refreshes does. */
  readonly token?: string | (() => string | undefined);
  /** Sign the upgrade as the gateway would (a subgraph-direct call), or leave it unsigned (`false`). */
  readonly signWith?: string | false;
  /** Keep the socket open with no subscription running (graphql-ws's non-lazy mode), so only the server closes it. */
  readonly keepOpen?: true;
}

/**
 * Follows `campaignChanged` over graphql-ws the way a device does, at
 * `<baseUrl>/graphql/ws` of the gateway or (signed like the gateway) of the
 * campaigns service itself.
 */
export function followCampaign(baseUrl: string, campaignId: string, options: FollowOptions = {}): Following {
  const secret = options.signWith ?? TEST_GATEWAY_SIGNING_SECRET;
  class UpgradeSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      const headers = secret === false ? {} : { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, '', ''), [GATEWAY_CLIENT_ADDRESS_HEADER]: '' };
      super(address, protocols, { headers });
    }
  }
  let socketClosed: (close: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (socketClosed = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql/ws`,
    webSocketImpl: UpgradeSocket,
    connectionParams: () => {
      const token = typeof options.token === 'function' ? options.token() : options.token;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: 0,
    lazy: !options.keepOpen,
    onNonLazyError: () => undefined,
    on: { closed: (event) => socketClosed({ code: (event as { code?: number }).code ?? 0, reason: String((event as { reason?: unknown }).reason ?? '') }) },
  });
  const events: FollowedEvent[] = [];
  const waiters: { version: number; resolve: () => void }[] = [];
  const ended = new Promise<Awaited<Following['ended']>>((resolve) => {
    client.subscribe<{ campaignChanged: FollowedEvent }>(
      { query: CAMPAIGN_CHANGED, variables: { id: campaignId } },
      {
        next: (result) => {
          if (result.errors) return resolve({ errors: result.errors as LiveErrorShape[] });
          const event = result.data!.campaignChanged;
          events.push(event);
          for (const waiter of waiters.filter((w) => event.version >= w.version)) waiter.resolve();
        },
        error: (error) => {
          if (Array.isArray(error)) resolve({ errors: error as LiveErrorShape[] });
          else {
            const close = error as { code?: number; reason?: string; message?: string };
            resolve({ closed: { code: close.code ?? 0, reason: close.reason ?? close.message ?? String(error) } });
          }
        },
        complete: () => resolve({ completed: true }),
      },
    );
  });
  return {
    events,
    ended,
    closed,
    reach(version, timeoutMs = 10_000) {
      if (events.some((event) => event.version >= version)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event reached version ${version}; saw ${JSON.stringify(events)}`)), timeoutMs);
        waiters.push({ version, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    stop: () => client.dispose() as Promise<void>,
  };
}

/** Whether the events start at a stated version and then cover every later one exactly once, and the last version they reach. */
export function versionsCovered(events: readonly FollowedEvent[]): { contiguous: boolean; last: number } {
  if (events.length === 0) return { contiguous: false, last: 0 };
  let at = events[0].version;
  let contiguous = events[0].fromVersion === events[0].version;
  for (const event of events.slice(1)) {
    if (event.fromVersion !== at || event.version <= at) contiguous = false;
    at = Math.max(at, event.version);
  }
  return { contiguous, last: at };
}
