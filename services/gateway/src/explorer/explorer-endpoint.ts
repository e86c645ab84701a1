import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG } from '@scriptbook/platform';
import { explorerEnabled, GatewayConfig } from '../gateway.config';
import { ExplorerAsset, loadExplorerAssets } from './explorer-assets';
import { EXPLORER_ASSETS_PATH, EXPLORER_CONTENT_SECURITY_POLICY, explorerPage } from './explorer-page';

/**
 * Serves GraphiQL: the page at `/explorer` (and at `/graphql` for a browser
 * asking for HTML, see `GraphQLEndpoint`) and its files under
 * `/explorer/assets/`. Only GET and HEAD; everything else is 404 or 405,
 * and nothing here reads a cookie or changes state, so serving a page does
 * not open a way around the API's request-forgery checks.
 */
@Injectable()
export class ExplorerEndpoint {
  /** `EXPLORER_ENABLED`, or on everywhere but production when unset. */
  readonly enabled: boolean;
  private assets?: ReadonlyMap<string, ExplorerAsset>;
  private readonly page = Buffer.from(explorerPage('/graphql'));

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.enabled = explorerEnabled(config);
  }

  /** The page itself, with a policy that lets it load and call only this origin. */
  servePage(req: IncomingMessage, res: ServerResponse): void {
    if (!this.allowedMethod(req, res)) return;
    this.send(req, res, 'text/html; charset=utf-8', this.page, {
      'content-security-policy': EXPLORER_CONTENT_SECURITY_POLICY,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      // The page is small and may change with a deployment; the assets it names are what is worth caching.
      'cache-control': 'no-cache',
    });
  }

  /** Handles `/explorer` and everything under it. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/explorer' || path === '/explorer/') {
      this.servePage(req, res);
      return;
    }
    const asset = path.startsWith(EXPLORER_ASSETS_PATH) ? this.asset(path.slice(EXPLORER_ASSETS_PATH.length)) : undefined;
    if (!asset) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (!this.allowedMethod(req, res)) return;
    this.send(req, res, asset.contentType, asset.body, { 'cache-control': 'public, max-age=3600' });
  };

  private asset(name: string): ExplorerAsset | undefined {
    this.assets ??= loadExplorerAssets();
    return this.assets.get(name);
  }

  private allowedMethod(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method === 'GET' || req.method === 'HEAD') return true;
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return false;
  }

  private send(req: IncomingMessage, res: ServerResponse, contentType: string, body: Buffer, headers: Record<string, string>): void {
    res.writeHead(200, { ...headers, 'content-type': contentType, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
