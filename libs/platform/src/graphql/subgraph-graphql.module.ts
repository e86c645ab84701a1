import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, ApolloFederationDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { Request } from 'express';
import { TokenService } from '../auth/token.service';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { formatGraphQLError } from '../errors/format-graphql-error';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../logging/logger.token';
import { metricsPlugin } from '../metrics/metrics';
import { checkEntityRepresentations } from '../validation/entity-representations';
import { signedClientAddressOfRequest } from './client-address';
import { GatewayCallerMiddleware } from './gateway-caller.middleware';
import { subgraphQueryProtection } from './query-limits';
import { SubgraphContext } from './subgraph-context';

export interface SubgraphOptions {
  /** Types the schema must contain even if no resolver returns them directly. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly orphanedTypes?: Function[];
}

/**
 * A service's Apollo Federation 2 subgraph, code first. The printed schema
 * is sorted so the checked-in SDL diffs cleanly. Inline tracing and
 * cache-control hints are off: nothing consumes either (the gateway computes
 * no cache policy from subgraphs), and both cost every request, the hints a
 * hook on every field resolved.
 *
 * A subgraph is not a trusted zone: /graphql serves only requests the
 * gateway signed (see GatewayCallerMiddleware), applies the gateway's
 * depth, alias, cost, field overlap and introspection size limits itself,
 * and refuses an operation it cannot choose or a subscription as the
 * client's mistake. Automatic persisted queries are the gateway's alone.
 */
export function SubgraphGraphQLModule(options: SubgraphOptions = {}): DynamicModule {
  const graphql = GraphQLModule.forRootAsync<ApolloFederationDriverConfig>({
    driver: ApolloFederationDriver,
    inject: [TokenService, LOGGER, APP_CONFIG],
    useFactory: (tokens: TokenService, logger: Logger, config: BaseConfig) => {
      const limits = subgraphQueryProtection(config);
      return {
        autoSchemaFile: { federation: 2 },
        sortSchema: true,
        path: '/graphql',
        playground: false,
        introspection: true,
        // The gateway sends every operation in full; a cache of operations by hash would only be memory a direct caller could fill.
        persistedQueries: false,
        includeStacktraceInErrorResponses: false,
        buildSchemaOptions: { orphanedTypes: options.orphanedTypes as Type[] | undefined },
        // A representation naming no entity of this subgraph, or none by its key, is the caller's mistake: BAD_USER_INPUT at its index.
        transformSchema: checkEntityRepresentations,
        plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled(), metricsPlugin(), ...limits.plugins],
        validationRules: limits.validationRules,
        formatError: (formatted, error) =>
          formatGraphQLError(formatted, error, (unexpected) => logger.error({ err: unexpected }, 'unexpected error')),
        context: async ({ req }: { req: Request }): Promise<SubgraphContext> => ({
          req,
          viewer: await tokens.viewerOfRequest(req),
          clientAddress: signedClientAddressOfRequest(req),
        }),
      };
    },
  });
  return { module: SubgraphGraphQLHostModule, imports: [graphql] };
}

/**
 * Global, exporting nothing, for one reason: Nest applies the middleware of
 * global modules before that of any other module, so the signature check
 * runs ahead of a service's own middleware on /graphql (the scoring page
 * cache's, say) and nothing on that path is served to a caller the gateway
 * did not sign for.
 */
@Global()
@Module({ providers: [GatewayCallerMiddleware] })
class SubgraphGraphQLHostModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Apollo is mounted with app.use('/graphql'), which also serves every path below it: guard the same set.
    consumer.apply(GatewayCallerMiddleware).forRoutes({ path: 'graphql{/*rest}', method: RequestMethod.ALL });
  }
}
