import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import { CampaignChangedDocument, CampaignChangedSubscription } from './generated/live';
import type { ApiError } from './scriptbook-client';

export type CampaignChangedEvent = CampaignChangedSubscription['campaignChanged'];

export interface FollowCampaignOptions {
  /** The gateway's GraphQL endpoint; the socket goes to `/graphql/ws` on the same host. */
  readonly endpoint: string;
  readonly campaignId: string;
  /** Asked at every (re)connection, so a refreshed token is used. */
  readonly accessToken: () => string | undefined;
  /** Each event: when `version` is beyond the device's, pull `CampaignChanges` from the device's version. */
  readonly onEvent: (event: CampaignChangedEvent) => void;
  /** The stream ended with errors (UNAUTHENTICATED, NOT_FOUND on campaignId) or the socket closed for good. */
  readonly onEnd?: (errors: readonly ApiError[] | undefined) => void;
  /** A WebSocket class where the runtime has none built in (Node 20: the `ws` package). */
  readonly webSocketImpl?: unknown;
}

/**
 * Follows a campaign over graphql-ws (`campaignChanged`). Events carry no
 * state, only versions: the device pulls what changed over HTTP, so an event
 * missed while disconnected costs nothing but one pull on reconnection.
 * Returns the function that stops following.
 */
export function followCampaign(options: FollowCampaignOptions): () => Promise<void> {
  const client = createClient({
    url: `${options.endpoint.replace(/^http/, 'ws').replace(/\/graphql\/?$/, '')}/graphql/ws`,
    webSocketImpl: options.webSocketImpl,
    connectionParams: () => {
      const token = options.accessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    lazy: true,
  });
  client.subscribe<CampaignChangedSubscription>(
    { query: print(CampaignChangedDocument), variables: { campaignId: options.campaignId } },
    {
      next: (result) => {
        if (result.errors) options.onEnd?.(result.errors as unknown as ApiError[]);
        else if (result.data) options.onEvent(result.data.campaignChanged);
      },
      error: (error) => options.onEnd?.(Array.isArray(error) ? (error as ApiError[]) : [{ message: String((error as Error)?.message ?? error) }]),
      complete: () => options.onEnd?.(undefined),
    },
  );
  return async () => {
    await client.dispose();
  };
}
