import { ServiceDefinition } from '@scriptbook/platform';
import { gatewayConfigSchema } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { GraphQLEndpoint } from './http/graphql-endpoint';
import { sendSecurityHeadersOnEveryAnswer } from './http/security-headers';
import { serveAheadOfExpress } from './http/serve-ahead-of-express';

/**
 * The one public endpoint: the supergraph over every subgraph, with limits.
 * `/graphql` is served straight from Node's HTTP server; health and metrics
 * go through Nest like on every other service.
 */
export const gatewayApp: ServiceDefinition<typeof gatewayConfigSchema> = {
  name: 'gateway',
  module: GatewayModule,
  configSchema: gatewayConfigSchema,
  configure: (app) => {
    serveAheadOfExpress(app, '/graphql', app.get(GraphQLEndpoint).handle);
    sendSecurityHeadersOnEveryAnswer(app.getHttpServer());
  },
};
