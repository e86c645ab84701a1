import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, ApolloFederationDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { Request } from 'express';
import { TokenService } from '../auth/token.service';
import { formatGraphQLError } from '../errors/format-graphql-error';
import { GraphQLErrorPassthroughFilter } from '../errors/graphql-exception.filter';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../logging/logger.token';
import { metricsPlugin } from '../metrics/metrics';

export interface SubgraphOptions {
  /** Types the schema must contain even if no resolver returns them directly. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly orphanedTypes?: Function[];
}

/**
 * A service's Apollo Federation 2 subgraph, code first. The printed schema
 * is sorted so the checked-in SDL diffs cleanly. Inline tracing is off: no
 * trace consumer exists and it costs every request.
 */
export function SubgraphGraphQLModule(options: SubgraphOptions = {}): DynamicModule {
  const graphql = GraphQLModule.forRootAsync<ApolloFederationDriverConfig>({
    driver: ApolloFederationDriver,
    inject: [TokenService, LOGGER],
    useFactory: (tokens: TokenService, logger: Logger) => ({
      autoSchemaFile: { federation: 2 },
      sortSchema: true,
      path: '/graphql',
      playground: false,
      introspection: true,
      includeStacktraceInErrorResponses: false,
      buildSchemaOptions: { orphanedTypes: options.orphanedTypes as Type[] | undefined },
      plugins: [ApolloServerPluginInlineTraceDisabled(), metricsPlugin()],
      formatError: (formatted, error) =>
        formatGraphQLError(formatted, error, (unexpected) => logger.error({ err: unexpected }, 'unexpected error')),
      context: async ({ req }: { req: Request }) => ({ req, viewer: await tokens.viewerOf(req.headers.authorization) }),
    }),
  });
  return {
    module: SubgraphGraphQLHostModule,
    imports: [graphql],
    providers: [{ provide: APP_FILTER, useClass: GraphQLErrorPassthroughFilter }],
  };
}

@Module({})
class SubgraphGraphQLHostModule {}
