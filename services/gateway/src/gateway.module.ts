import { Module } from '@nestjs/common';
import { RedisModule } from '@scriptbook/platform';
import { SubgraphReadiness } from './health/subgraph-readiness';
import { GraphQLEndpoint } from './http/graphql-endpoint';
import { GatewayRateLimiter } from './limits/rate-limiter';
import { SubgraphConnections } from './supergraph/subgraph-connections';
import { SupergraphServer } from './supergraph/supergraph-server';

@Module({
  imports: [RedisModule],
  providers: [SubgraphConnections, SupergraphServer, GatewayRateLimiter, GraphQLEndpoint, SubgraphReadiness],
})
export class GatewayModule {}
