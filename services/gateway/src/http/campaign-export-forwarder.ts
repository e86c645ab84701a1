import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, LOGGER, sendHttpError, signGatewayRequest } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { corsOriginsSetting, GatewayConfig, proxyList } from '../gateway.config';
import { GatewayRateLimiter } from '../limits/rate-limiter';
import { clientAddress, ProxyTrust, rateLimitKey } from './client-address';
import { CorsPolicy } from './cors-policy';

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
  private readonly cors: CorsPolicy;
  private readonly trust: ProxyTrust;
  private readonly target: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly rateLimiter: GatewayRateLimiter,
  ) {
    this.cors = new CorsPolicy(corsOriginsSetting(config));
    this.trust = proxyAddr.compile(proxyList(config.TRUSTED_PROXIES));
    // CAMPAIGNS_URL names the subgraph's /graphql; the download is served beside it, at the same origin.
    this.target = new URL(config.CAMPAIGNS_URL).origin;
  }

  /** Never rejects: whatever goes wrong becomes a response. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.forward(req, res).catch((error: unknown) => {
      this.logger.error({ err: error }, 'unexpected error forwarding a campaign export');
      sendHttpError(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
    });
  };

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (!EXPORT_PATH.test(path)) {
      sendHttpError(res, 404, 'No such path: a campaign file is at /campaigns/<id>/export', 'NOT_FOUND', {}, { field: 'path', rule: 'exists' });
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...this.cors.preflightHeaders(req), 'content-length': '0' }).end();
      return;
    }
    const headers: OutgoingHttpHeaders = this.cors.responseHeaders(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendHttpError(res, 405, 'A campaign file is read with GET', 'BAD_REQUEST', { ...headers, allow: 'GET, HEAD, OPTIONS' }, { field: 'method', rule: 'one-of' });
      return;
    }
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trust);
    const decision = this.rateLimiter.enabled ? await this.rateLimiter.consume(rateLimitKey(address)) : null;
    if (decision?.limited) {
      sendHttpError(res, 429, `Too many requests; retry in ${decision.retryAfter} s`, 'RATE_LIMITED', { ...headers, 'retry-after': String(decision.retryAfter) }, { retryAfter: decision.retryAfter });
      return;
    }
    const upstreamHeaders: OutgoingHttpHeaders = {
      [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(this.config.GATEWAY_SIGNING_SECRET, '', address),
      [GATEWAY_CLIENT_ADDRESS_HEADER]: address,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    const upstream = httpRequest(`${this.target}${path}`, { method: req.method, headers: upstreamHeaders, timeout: this.config.SUBGRAPH_TIMEOUT_MS });
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
