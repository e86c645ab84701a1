import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, gatewayParseOptions, gatewayQueryProtection, LOGGER, Logger, metricsPlugin } from '@scriptbook/platform';
import { ContentOnlyOperations, CONTENT_SUBGRAPH, onlyFetchesFrom, operationKey } from '../caching/content-only-plan';
import { contentCachingPlugin } from '../caching/content-caching.plugin';
import { GatewayConfig } from '../gateway.config';
import type { EndpointContext } from '../http/endpoint-context';
import { httpSemanticsPlugin } from '../http/http-semantics.plugin';
import { limitsReportPlugin } from '../limits/limits-report.plugin';
import { QueryCosts } from '../limits/query-costs';
import { formatGatewayError } from './gateway-errors';
import { SubgraphConnections } from './subgraph-connections';
import { readSupergraph } from './supergraph-file';
import { CompletionReportingGateway } from './value-completion';

/**
 * The supergraph behind the public endpoint: an Apollo Gateway over the
 * checked-in supergraph, on @apollo/server, with the query limits and the
 * shared error mapping. The HTTP side lives in `http/graphql-endpoint.ts`.
 */
@Injectable()
export class SupergraphServer implements OnModuleInit, OnApplicationShutdown {
  private readonly server: ApolloServer<EndpointContext>;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    subgraphs: SubgraphConnections,
    contentOnly: ContentOnlyOperations,
    costs: QueryCosts,
  ) {
    // Field overlap and introspection size first, then depth, aliases (__typename ones too), directives and cost: over one is HTTP 400 naming its rule.
    const limits = gatewayQueryProtection(config, { onCostAccepted: costs.record, onCostRejected: costs.record });
    this.server = new ApolloServer<EndpointContext>({
      gateway: new CompletionReportingGateway(
        new ApolloGateway({
          supergraphSdl: readSupergraph(config.SUPERGRAPH_PATH),
          buildService: ({ name, url }) => subgraphs.dataSourceFor(name, url),
          // Whether an operation is content-only is read off its plan once; the plan is the authority on who is asked.
          experimental_didResolveQueryPlan: ({ queryPlan, requestContext }) => {
            if (requestContext.queryHash === undefined) return;
            const key = operationKey(requestContext.queryHash, requestContext.request.operationName);
            if (contentOnly.isContentOnly(key) === undefined) contentOnly.remember(key, onlyFetchesFrom(queryPlan, CONTENT_SUBGRAPH));
          },
        }),
      ),
      introspection: config.INTROSPECTION,
      // The process's own shutdown stops the server, in order, after the HTTP listener.
      stopOnTerminationSignals: false,
      includeStacktraceInErrorResponses: false,
      // Nothing reads cache hints, and computing them costs every response.
      // The API is for apps: no HTML landing page loading scripts from a CDN.
      plugins: [
        ...limits.plugins,
        metricsPlugin(),
        httpSemanticsPlugin(),
        limitsReportPlugin(costs, config.MAX_COST),
        contentCachingPlugin(contentOnly, costs, config.CONTENT_CACHE_MAX_AGE_SECONDS),
        ApolloServerPluginCacheControlDisabled(),
        ApolloServerPluginLandingPageDisabled(),
      ],
      validationRules: limits.validationRules,
      parseOptions: gatewayParseOptions(config),
      formatError: (formatted, error) =>
        formatGatewayError(formatted, error, (unexpected) => logger.error({ err: unexpected }, 'unexpected error')),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.server.start();
  }

  execute(request: HTTPGraphQLRequest, context: EndpointContext): Promise<HTTPGraphQLResponse> {
    return this.server.executeHTTPGraphQLRequest({ httpGraphQLRequest: request, context: async () => context });
  }

  /** Runs a query on the gateway's own behalf (no caller, no HTTP) and returns its result. */
  async executeInternally(query: string): Promise<{ data?: Record<string, unknown> | null; errors?: readonly unknown[] }> {
    const response = await this.server.executeOperation({ query }, { contextValue: { outcome: {} } });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.stop();
  }
}
