import { Module } from '@nestjs/common';
import { RedisModule } from '@scriptbook/platform';
import { ContentOnlyOperations } from './caching/content-only-plan';
import { ContentResponseCache } from './caching/content-response-cache';
import { ContentVersion } from './caching/content-version';
import { ExplorerEndpoint } from './explorer/explorer-endpoint';
import { SubgraphReadiness } from './health/subgraph-readiness';
import { LeaderboardPageEndpoint } from './leaderboard-page/leaderboard-page-endpoint';
import { CampaignExportForwarder } from './http/campaign-export-forwarder';
import { CampaignImportForwarder } from './http/campaign-import-forwarder';
import { StreamedCampaignsRoute } from './http/streamed-campaigns-route';
import { GraphQLEndpoint } from './http/graphql-endpoint';
import { PlayPageEndpoint } from './play-page/play-page-endpoint';
import { QueryCosts } from './limits/query-costs';
import { GatewayRateLimiter } from './limits/rate-limiter';
import { SubgraphConnections } from './supergraph/subgraph-connections';
import { SupergraphServer } from './supergraph/supergraph-server';

@Module({
  imports: [RedisModule],
  providers: [
    SubgraphConnections,
    ContentOnlyOperations,
    QueryCosts,
    SupergraphServer,
    ContentVersion,
    ContentResponseCache,
    GatewayRateLimiter,
    GraphQLEndpoint,
    CampaignExportForwarder,
    CampaignImportForwarder,
    StreamedCampaignsRoute,
    ExplorerEndpoint,
    LeaderboardPageEndpoint,
    PlayPageEndpoint,
    SubgraphReadiness,
  ],
})
export class GatewayModule {}
