import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { APP_CONFIG, sendHttpError } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';
import { StreamedCampaignsRoute } from './streamed-campaigns-route';

/** Where a member downloads a campaign's file (docs/campaign-files.md), on the gateway's public host as on campaigns. */
export const CAMPAIGNS_PATH = '/campaigns';

/** `/campaigns/<id>/export` and nothing else: an id of the platform's alphabet, so no other path of campaigns is reachable through it. */
const EXPORT_PATH = /^\/campaigns\/([A-Za-z0-9_-]{1,64})\/export$/;

/** What of the answer crosses back to the client: the file's own headers, never campaigns' internals. */
const ANSWER_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'x-content-type-options', 'content-length'];

/**
 * Passes a campaign file's download through to campaigns, streamed: the
 * file is written while campaigns reads the log (a GraphQL answer would
 * be built whole), so the gateway pipes it and holds no more than a socket
 * buffer. The request is signed like any subgraph call (empty body, the
 * client's address) and counted against the client's rate limit; only the
 * bearer token crosses, and campaigns authorizes it.
 */
@Injectable()
export class CampaignExportForwarder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly route: StreamedCampaignsRoute,
  ) {
    this.handle = route.handler('a campaign export', (req, res) => this.forward(req, res));
  }

  /** Never rejects: whatever goes wrong becomes a response. */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (!EXPORT_PATH.test(path)) {
      sendHttpError(res, 404, 'No such path: a campaign file is at /campaigns/<id>/export', 'NOT_FOUND', {}, { field: 'path', rule: 'exists' });
      return;
    }
    const admitted = await this.route.admit(req, res, { methods: ['GET', 'HEAD'], methodRefusal: 'A campaign file is read with GET' });
    if (!admitted) return;
    const { headers, address } = admitted;
    const upstreamHeaders: OutgoingHttpHeaders = {
      ...this.route.signed('', address),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    const upstream = httpRequest(`${this.route.target}${path}`, { method: req.method, headers: upstreamHeaders, timeout: this.config.SUBGRAPH_TIMEOUT_MS });
    // A client that goes away stops the export on campaigns too.
    res.on('close', () => upstream.destroy());
    upstream.on('timeout', () => upstream.destroy(new Error('campaigns did not answer the export in time')));
    upstream.on('error', () => sendHttpError(res, 503, 'The campaigns service did not answer; retry shortly', 'SERVICE_UNAVAILABLE', headers));
    upstream.on('response', (answer) => {
      // Once the file flows, the time limit is the client's own pace, not the first answer's.
      upstream.setTimeout(0);
      for (const name of ANSWER_HEADERS) if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      // A file cut short on campaigns' side must not look whole here either.
      answer.on('aborted', () => res.destroy());
    });
    upstream.end();
  }
}
