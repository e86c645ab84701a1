import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloGatewayDriver, ApolloGatewayDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { Request } from 'express';
import { APP_CONFIG, formatGraphQLError, LOGGER, Logger, metricsPlugin, RedisModule } from '@scriptbook/platform';
import { GatewayConfig, subgraphUrls } from './gateway.config';
import { SubgraphReadiness } from './health/subgraph-readiness';
import { armorProtection } from './limits/armor';
import { AuthForwardingDataSource } from './supergraph/subgraph-data-source';
import { readSupergraph } from './supergraph/supergraph-file';


@Module({
  imports: [
    RedisModule,
    GraphQLModule.forRootAsync<ApolloGatewayDriverConfig>({
      driver: ApolloGatewayDriver,
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: GatewayConfig, logger: Logger) => {
        const armor = armorProtection(config);
        const urls = subgraphUrls(config);
        return {
          server: {
            path: '/graphql',
            playground: false,
            introspection: config.INTROSPECTION,
            includeStacktraceInErrorResponses: false,
            // Nothing reads cache hints, and computing them costs every response.
            plugins: [...armor.plugins, metricsPlugin(), ApolloServerPluginCacheControlDisabled()],
            validationRules: armor.validationRules,
            formatError: (formatted, error) =>
              formatGraphQLError(formatted, error, (unexpected) => logger.error({ err: unexpected }, 'unexpected error')),
            context: ({ req }: { req: Request }) => ({ authorization: req.headers.authorization }),
          },
          gateway: {
            supergraphSdl: readSupergraph(config.SUPERGRAPH_PATH),
            // The checked-in supergraph names local URLs; each deployment points them at its own hosts.
            buildService: ({ name, url }) => new AuthForwardingDataSource(urls[name] ?? url!),
          },
        };
      },
    }),
  ],
  providers: [SubgraphReadiness],
})
export class GatewayModule {}
