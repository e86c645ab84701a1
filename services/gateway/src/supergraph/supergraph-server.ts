import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, gatewayParseOptions, gatewayQueryProtection, LOGGER, Logger, metricsPlugin } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';
import { httpSemanticsPlugin } from '../http/http-semantics.plugin';
import { formatGatewayError } from './gateway-errors';
import { SubgraphConnections } from './subgraph-connections';
import { GatewayContext } from './subgraph-data-source';
import { readSupergraph } from './supergraph-file';
import { CompletionReportingGateway } from './value-completion';

/**
 * The supergraph behind the public endpoint: an Apollo Gateway over the
 * checked-in supergraph, on @apollo/server, with the query limits and the
 * shared error mapping. The HTTP side lives in `http/graphql-endpoint.ts`.
 */
@Injectable()
export class SupergraphServer implements OnModuleInit, OnApplicationShutdown {
  private readonly server: ApolloServer<GatewayContext>;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    subgraphs: SubgraphConnections,
  ) {
    // Depth, aliases (__typename ones too), directives and cost as validation rules: over one is HTTP 400.
    const armor = gatewayQueryProtection(config, { blockFieldSuggestion: !config.INTROSPECTION });
    this.server = new ApolloServer<GatewayContext>({
      gateway: new CompletionReportingGateway(
        new ApolloGateway({
          supergraphSdl: readSupergraph(config.SUPERGRAPH_PATH),
          buildService: ({ name, url }) => subgraphs.dataSourceFor(name, url),
        }),
      ),
      introspection: config.INTROSPECTION,
      // The process's own shutdown stops the server, in order, after the HTTP listener.
      stopOnTerminationSignals: false,
      includeStacktraceInErrorResponses: false,
      // Nothing reads cache hints, and computing them costs every response.
      // The API is for apps: no HTML landing page loading scripts from a CDN.
      plugins: [
        ...armor.plugins,
        metricsPlugin(),
        httpSemanticsPlugin(),
        ApolloServerPluginCacheControlDisabled(),
        ApolloServerPluginLandingPageDisabled(),
      ],
      validationRules: armor.validationRules,
      parseOptions: gatewayParseOptions(config),
      formatError: (formatted, error) =>
        formatGatewayError(formatted, error, (unexpected) => logger.error({ err: unexpected }, 'unexpected error')),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.server.start();
  }

  execute(request: HTTPGraphQLRequest, context: GatewayContext): Promise<HTTPGraphQLResponse> {
    return this.server.executeHTTPGraphQLRequest({ httpGraphQLRequest: request, context: async () => context });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.stop();
  }
}
