import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG } from '@scriptbook/platform';
import { GatewayConfig, leaderboardPageEnabled } from '../gateway.config';
import { pageHeaders, redirectToFolder, requestPath, sendStaticFile, sendText } from '../static-pages/static-answers';
import { loadStaticFolder, StaticFile } from '../static-pages/static-file';
import { findPageDirectory } from './leaderboard-page-files';
import { LEADERBOARD_CONTENT_SECURITY_POLICY, LEADERBOARD_PAGE_PATH } from './leaderboard-page-policy';

/**
 * Serves the community leaderboard page (web/leaderboard, built into
 * dist/web/leaderboard) at `/leaderboard/`: static files only, GET and
 * HEAD, with a same-origin-only policy. The page talks to `/graphql` like
 * any other client.
 */
@Injectable()
export class LeaderboardPageEndpoint {
  /** `LEADERBOARD_PAGE_ENABLED`, or on everywhere but production when unset. */
  readonly enabled: boolean;
  private files?: ReadonlyMap<string, StaticFile> | null;
  private readonly headers = pageHeaders(LEADERBOARD_CONTENT_SECURITY_POLICY);

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.enabled = leaderboardPageEnabled(config);
  }

  /** Handles `/leaderboard` and everything under it. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = requestPath(req);
    if (path === LEADERBOARD_PAGE_PATH) {
      redirectToFolder(req, res, LEADERBOARD_PAGE_PATH);
      return;
    }
    const files = this.pageFiles();
    if (!files) {
      sendText(res, 503, 'The leaderboard page is not built: run `npm run build`.');
      return;
    }
    const name = path.slice(LEADERBOARD_PAGE_PATH.length + 1) || 'index.html';
    sendStaticFile(req, res, files.get(name), this.headers);
  };

  /** Read on first use; null when the build has not made the page. */
  private pageFiles(): ReadonlyMap<string, StaticFile> | null {
    if (this.files === undefined) {
      const directory = findPageDirectory();
      this.files = directory ? loadStaticFolder(directory) : null;
    }
    return this.files;
  }
}
