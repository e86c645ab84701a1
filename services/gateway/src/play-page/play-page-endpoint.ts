import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG } from '@scriptbook/platform';
import { GatewayConfig, playPageEnabled } from '../gateway.config';
import { pageHeaders, redirectToFolder, requestPath, sendStaticFile, sendText } from '../static-pages/static-answers';
import { loadStaticFolder, StaticFile } from '../static-pages/static-file';
import { findPlayPageDirectory } from './play-page-files';
import { PLAY_CONTENT_SECURITY_POLICY, PLAY_PAGE_PATH } from './play-page-policy';

/**
 * Serves the table screen (web/play, bundled into dist/web/play) at
 * `/play/`: static files only, GET and HEAD, with a same-origin-only
 * policy. The page talks to `/graphql` and `/graphql/ws` through the
 * client SDK, like any other app.
 */
@Injectable()
export class PlayPageEndpoint {
  /** `PLAY_PAGE_ENABLED`, or on everywhere but production when unset. */
  readonly enabled: boolean;
  private files?: ReadonlyMap<string, StaticFile> | null;
  private readonly headers = pageHeaders(PLAY_CONTENT_SECURITY_POLICY);

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.enabled = playPageEnabled(config);
  }

  /** Handles `/play` and everything under it. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = requestPath(req);
    if (path === PLAY_PAGE_PATH) {
      redirectToFolder(req, res, PLAY_PAGE_PATH);
      return;
    }
    const files = this.pageFiles();
    if (!files) {
      sendText(res, 503, 'The table screen is not built: run `npm run build`.');
      return;
    }
    const name = path.slice(PLAY_PAGE_PATH.length + 1) || 'index.html';
    sendStaticFile(req, res, files.get(name), this.headers);
  };

  /** Read on first use; null when the build has not made the page. */
  private pageFiles(): ReadonlyMap<string, StaticFile> | null {
    if (this.files === undefined) {
      const directory = findPlayPageDirectory();
      this.files = directory ? loadStaticFolder(directory) : null;
    }
    return this.files;
  }
}
