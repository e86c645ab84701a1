import { ServiceDefinition } from '@scriptbook/platform';
import { gatewayConfigSchema } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { ExplorerEndpoint } from './explorer/explorer-endpoint';
import { EXPLORER_PATH } from './explorer/explorer-page';
import { GraphQLEndpoint } from './http/graphql-endpoint';
import { sendSecurityHeadersOnEveryAnswer } from './http/security-headers';
import { serveAheadOfExpress } from './http/serve-ahead-of-express';
import { proxyLiveUpdates } from './http/websocket-proxy';
import { LeaderboardPageEndpoint } from './leaderboard-page/leaderboard-page-endpoint';
import { LEADERBOARD_PAGE_PATH } from './leaderboard-page/leaderboard-page-policy';

/**
 * The one public endpoint: the supergraph over every subgraph, with limits.
 * `/graphql` is served straight from Node's HTTP server, WebSocket upgrades
 * on `/graphql/ws` pass through to campaigns; the explorer and the
 * leaderboard page are static files beside it; health and metrics
 * go through Nest like on every other service.
 */
export const gatewayApp: ServiceDefinition<typeof gatewayConfigSchema> = {
  name: 'gateway',
  module: GatewayModule,
  configSchema: gatewayConfigSchema,
  configure: (app, config) => {
    serveAheadOfExpress(app, '/graphql', app.get(GraphQLEndpoint).handle);
    const explorer = app.get(ExplorerEndpoint);
    if (explorer.enabled) serveAheadOfExpress(app, EXPLORER_PATH, explorer.handle, { withSubpaths: true });
    const leaderboardPage = app.get(LeaderboardPageEndpoint);
    if (leaderboardPage.enabled) serveAheadOfExpress(app, LEADERBOARD_PAGE_PATH, leaderboardPage.handle, { withSubpaths: true });
    proxyLiveUpdates(app.getHttpServer(), config);
    sendSecurityHeadersOnEveryAnswer(app.getHttpServer());
  },
};
