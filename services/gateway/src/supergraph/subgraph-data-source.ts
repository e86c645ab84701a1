import { GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';

export interface GatewayContext {
  authorization?: string;
}

type Fetcher = NonNullable<ConstructorParameters<typeof RemoteGraphQLDataSource>[0]>['fetcher'];

/**
 * Node's own fetch, with its pooled keep-alive connections. The gateway's
 * default client adds an HTTP cache layer that subgraph POSTs never use; in
 * the content benchmark it cost about half the gateway's throughput.
 */
const nodeFetch = ((url: string, init: RequestInit) => fetch(url, init)) as unknown as Fetcher;

/**
 * Forwards the caller's Authorization header, so every subgraph verifies the
 * same token itself; nothing else from the client request is passed on.
 */
export class AuthForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(url: string) {
    super({ url, fetcher: nodeFetch });
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    if (context?.authorization) request.http?.headers.set('authorization', context.authorization);
  }
}
