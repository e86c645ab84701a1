import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG } from '@scriptbook/platform';
import { explorerEnabled, GatewayConfig } from '../gateway.config';
import { pageHeaders, requestPath, sendStaticFile } from '../static-pages/static-answers';
import { STATIC_CONTENT_TYPES, StaticFile, staticFile } from '../static-pages/static-file';
import { readPublishedSchema, readSupergraph } from '../supergraph/supergraph-file';
import { loadExplorerAssets } from './explorer-assets';
import { EXPLORER_ASSETS_PATH, EXPLORER_CONTENT_SECURITY_POLICY, EXPLORER_PATH, EXPLORER_SCHEMA_PATH, explorerPage } from './explorer-page';
import { explorerSchemaFile } from './explorer-schema';

/**
 * Serves GraphiQL: the page at `/explorer` (and at `/graphql` for a browser
 * asking for HTML, see `GraphQLEndpoint`), its files under
 * `/explorer/assets/`, and the schema it shows at `/explorer/schema.json`
 * (the API with the Subscription root of `/graphql/ws`) while introspection is on, as static files (see `sendStaticFile`).
 */
@Injectable()
export class ExplorerEndpoint {
  /** `EXPLORER_ENABLED`, or on everywhere but production when unset. */
  readonly enabled: boolean;
  private assets?: ReadonlyMap<string, StaticFile>;
  private schema?: StaticFile;
  private readonly introspection: boolean;
  private readonly supergraphPath: string | undefined;
  /** Read at start, so a release without graphql/schema.graphql stops the gateway instead of failing its first schema request. */
  private readonly publishedSchema: string | undefined;
  private readonly page = staticFile(STATIC_CONTENT_TYPES['.html'], Buffer.from(explorerPage('/graphql')));
  /** The page's policy lets it load and call only this origin. */
  private readonly pageHeaders = pageHeaders(EXPLORER_CONTENT_SECURITY_POLICY);

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.enabled = explorerEnabled(config);
    this.introspection = config.INTROSPECTION;
    this.supergraphPath = config.SUPERGRAPH_PATH;
    this.publishedSchema = this.enabled && this.introspection ? readPublishedSchema() : undefined;
  }

  servePage(req: IncomingMessage, res: ServerResponse): void {
    sendStaticFile(req, res, this.page, this.pageHeaders);
  }

  /** Handles `/explorer` and everything under it. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = requestPath(req);
    if (path === EXPLORER_PATH || path === `${EXPLORER_PATH}/`) {
      this.servePage(req, res);
      return;
    }
    if (path === EXPLORER_SCHEMA_PATH) {
      // The same information introspection gives: switched off with it.
      sendStaticFile(req, res, this.publishedSchema !== undefined ? (this.schema ??= explorerSchemaFile(readSupergraph(this.supergraphPath), this.publishedSchema)) : undefined, {
        'cache-control': 'no-cache',
      });
      return;
    }
    const asset = path.startsWith(EXPLORER_ASSETS_PATH) ? this.asset(path.slice(EXPLORER_ASSETS_PATH.length)) : undefined;
    // The assets change only with an install, and the page names them: worth caching for an hour.
    sendStaticFile(req, res, asset, { 'cache-control': 'public, max-age=3600' });
  };

  private asset(name: string): StaticFile | undefined {
    this.assets ??= loadExplorerAssets();
    return this.assets.get(name);
  }
}
