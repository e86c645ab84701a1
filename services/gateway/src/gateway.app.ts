import { serveAheadOfExpress, ServiceDefinition } from '@scriptbook/platform';
import { gatewayConfigSchema } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { ExplorerEndpoint } from './explorer/explorer-endpoint';
import { EXPLORER_PATH } from './explorer/explorer-page';
import { CAMPAIGNS_PATH, CampaignExportForwarder } from './http/campaign-export-forwarder';
import { CAMPAIGN_IMPORT_PATH, CampaignImportForwarder } from './http/campaign-import-forwarder';
import { GraphQLEndpoint } from './http/graphql-endpoint';
import { sendSecurityHeadersOnEveryAnswer } from './http/security-headers';
import { proxyLiveUpdates } from './http/websocket-proxy';
import { LeaderboardPageEndpoint } from './leaderboard-page/leaderboard-page-endpoint';
import { LEADERBOARD_PAGE_PATH } from './leaderboard-page/leaderboard-page-policy';
import { PlayPageEndpoint } from './play-page/play-page-endpoint';
import { PLAY_PAGE_PATH } from './play-page/play-page-policy';

/**
 * The one public endpoint: the supergraph over every subgraph, with limits.
 * `/graphql` is served straight from Node's HTTP server, WebSocket upgrades
 * on `/graphql/ws` and campaign file downloads (`/campaigns/<id>/export`) and uploads
 * (`/campaigns/import`) pass through to campaigns, streamed; the explorer, the
 * leaderboard page and the table screen are static files beside it;
 * health and metrics go through Nest like on every other service.
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
    const playPage = app.get(PlayPageEndpoint);
    if (playPage.enabled) serveAheadOfExpress(app, PLAY_PAGE_PATH, playPage.handle, { withSubpaths: true });
    serveAheadOfExpress(app, CAMPAIGNS_PATH, app.get(CampaignExportForwarder).handle, { withSubpaths: true });
    // Registered after the downloads, so matched before them: the one path under /campaigns that takes a body.
    serveAheadOfExpress(app, CAMPAIGN_IMPORT_PATH, app.get(CampaignImportForwarder).handle);
    proxyLiveUpdates(app.getHttpServer(), config);
    sendSecurityHeadersOnEveryAnswer(app.getHttpServer());
  },
};
