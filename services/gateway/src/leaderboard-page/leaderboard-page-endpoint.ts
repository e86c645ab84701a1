import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG } from '@scriptbook/platform';
import { GatewayConfig, leaderboardPageEnabled } from '../gateway.config';
import { findPageDirectory, loadPageFiles, PageFile } from './leaderboard-page-files';
import { LEADERBOARD_CONTENT_SECURITY_POLICY, LEADERBOARD_PAGE_PATH } from './leaderboard-page-policy';

const TEXT = 'text/plain; charset=utf-8';

/**
 * Serves the community leaderboard page (web/leaderboard, built into
 * dist/web/leaderboard) at `/leaderboard/`: static files only, GET and
 * HEAD, with a same-origin-only policy. The page talks to `/graphql` like
 * any other client; nothing here reads a cookie or changes state.
 */
@Injectable()
export class LeaderboardPageEndpoint {
  /** `LEADERBOARD_PAGE_ENABLED`, or on everywhere but production when unset. */
  readonly enabled: boolean;
  private files?: ReadonlyMap<string, PageFile> | null;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.enabled = leaderboardPageEnabled(config);
  }

  /** Handles `/leaderboard` and everything under it. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split('?')[0];
    if (path === LEADERBOARD_PAGE_PATH) {
      // The page's files are linked relatively, so it must be read from the folder's address.
      const query = (req.url ?? '').slice(path.length);
      res.writeHead(308, { location: `${LEADERBOARD_PAGE_PATH}/${query}`, 'content-type': TEXT }).end('Moved to /leaderboard/\n');
      return;
    }
    const name = path.slice(LEADERBOARD_PAGE_PATH.length + 1) || 'index.html';
    const files = this.pageFiles();
    if (!files) {
      res.writeHead(503, { 'content-type': TEXT }).end('The leaderboard page is not built: run `npm run build`.\n');
      return;
    }
    const file = files.get(name);
    if (!file) {
      res.writeHead(404, { 'content-type': TEXT }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': TEXT }).end('Method not allowed\n');
      return;
    }
    const headers = {
      'content-security-policy': LEADERBOARD_CONTENT_SECURITY_POLICY,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      // The file names carry no version, so a browser revalidates each one; the tag makes that a 304.
      'cache-control': 'no-cache',
      etag: file.etag,
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': file.contentType, 'content-length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };

  /** Read on first use; null when the build has not made the page. */
  private pageFiles(): ReadonlyMap<string, PageFile> | null {
    if (this.files === undefined) {
      const directory = findPageDirectory();
      this.files = directory ? loadPageFiles(directory) : null;
    }
    return this.files;
  }
}
