import { GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';

export interface GatewayContext {
  authorization?: string;
}

/**
 * Forwards the caller's Authorization header, so every subgraph verifies the
 * same token itself; nothing else from the client request is passed on.
 */
export class AuthForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    if (context?.authorization) request.http?.headers.set('authorization', context.authorization);
  }
}
