import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { APP_CONFIG, sendHttpError, streamedRequestSubject } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';
import { StreamedCampaignsRoute } from './streamed-campaigns-route';

/** Where a member uploads a campaign file to import it (docs/campaign-files.md), on the gateway's public host as on campaigns. */
export const CAMPAIGN_IMPORT_PATH = '/campaigns/import';

/** What of the request crosses to campaigns besides the signature: the token and what campaigns needs to read the body. */
const REQUEST_HEADERS = ['authorization', 'content-type', 'content-length', 'content-encoding'];

/** What of the answer crosses back: campaigns' own answer headers, never its internals. */
const ANSWER_HEADERS = ['content-type', 'cache-control', 'x-content-type-options', 'content-length', 'allow', 'connection'];

/**
 * Passes a campaign file's upload through to campaigns, streamed: the
 * gateway's `/graphql` takes at most BODY_LIMIT and reads it whole, while a
 * file of a long campaign is tens of megabytes, so this path never reaches
 * a body parser here. The body is piped as it arrives (the gateway holds a
 * socket buffer of it; campaigns applies CAMPAIGN_IMPORT_MAX_BYTES), the
 * request is counted against the client's rate limit, only the headers
 * above cross, and it is signed over its method and target with the
 * client's address, since a streamed body cannot be signed before it is
 * sent. Campaigns authorizes the token and answers; its answer comes back
 * as it is. It answers only once it has checked the whole file, so its
 * silence is bounded by CAMPAIGN_IMPORT_TIMEOUT_MS, not SUBGRAPH_TIMEOUT_MS.
 */
@Injectable()
export class CampaignImportForwarder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly route: StreamedCampaignsRoute,
  ) {
    this.handle = route.handler('a campaign import', (req, res) => this.forward(req, res));
  }

  /** Never rejects: whatever goes wrong becomes a response. */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A refusal answers before the body is read: the connection is closed after it rather than the body awaited.
    const admitted = await this.route.admit(req, res, { methods: ['POST'], methodRefusal: 'A campaign file is imported with POST', onRateLimit: { connection: 'close' } });
    if (!admitted) return;
    const { headers, address } = admitted;
    // The query as WHATWG URL writes it, so what is signed is byte for byte what campaigns reads; campaigns judges its parameters.
    const max = this.config.CAMPAIGN_IMPORT_MAX_BYTES;
    const tooLarge = () => {
      sendHttpError(res, 413, `A campaign file is at most ${max} bytes (CAMPAIGN_IMPORT_MAX_BYTES)`, 'BAD_REQUEST', { ...headers, connection: 'close' }, { field: 'body', rule: 'max-bytes', maxBytes: max });
      req.resume();
    };
    if (Number(req.headers['content-length'] ?? 0) > max) {
      tooLarge();
      return;
    }
    const target = `${CAMPAIGN_IMPORT_PATH}${new URL(req.url ?? '', 'http://gateway').search}`;
    const upstreamHeaders: OutgoingHttpHeaders = this.route.signed(streamedRequestSubject('POST', target), address);
    for (const name of REQUEST_HEADERS) if (req.headers[name] !== undefined) upstreamHeaders[name] = req.headers[name];
    const upstream = httpRequest(`${this.route.target}${target}`, { method: 'POST', headers: upstreamHeaders, timeout: this.config.CAMPAIGN_IMPORT_TIMEOUT_MS });
    // A client that goes away stops the import on campaigns too (which then stores nothing).
    res.on('close', () => upstream.destroy());
    upstream.on('timeout', () => upstream.destroy(new Error('campaigns did not answer the import in time')));
    let answered = false;
    upstream.on('error', () => {
      // Once campaigns has answered, a failure sending the rest of the body is not the client's answer: a cut answer is caught below.
      if (!answered) sendHttpError(res, 503, 'The campaigns service did not answer; retry shortly', 'SERVICE_UNAVAILABLE', { ...headers, connection: 'close' });
    });
    upstream.on('response', (answer) => {
      answered = true;
      for (const name of ANSWER_HEADERS) if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
      // Campaigns may answer before the body is all sent (a refusal, a file over its limit): the rest is dropped here, not sent on, and the connection closed after the answer.
      if (!req.readableEnded) {
        req.unpipe(upstream);
        upstream.end();
        req.resume();
        headers.connection = 'close';
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      answer.on('aborted', () => res.destroy());
    });
    // Counted here too, so a body sent without a length stops at the limit on the gateway (campaigns, cut off, rolls its import back).
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max || answered) return;
      req.off('data', count);
      req.unpipe(upstream);
      answered = true;
      upstream.destroy();
      tooLarge();
    };
    req.on('data', count);
    req.pipe(upstream);
  }
}
