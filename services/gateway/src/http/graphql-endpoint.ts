import { HeaderMap, HTTPGraphQLRequest } from '@apollo/server';
import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, LOGGER, Logger } from '@scriptbook/platform';
import { bodyLimitBytes, corsOriginsSetting, GatewayConfig, proxyList } from '../gateway.config';
import { GatewayRateLimiter } from '../limits/rate-limiter';
import { SupergraphServer } from '../supergraph/supergraph-server';
import { clientAddress, ProxyTrust, rateLimitKey } from './client-address';
import { CorsPolicy } from './cors-policy';
import { readBody } from './request-body';

/**
 * `/graphql`, the one public endpoint, as a plain Node handler: CORS, the
 * client's address, the per-client rate limit, the body size limit, then
 * the supergraph. Failures before GraphQL runs are answered in GraphQL's
 * error shape with a code, like everything else the API says.
 */
@Injectable()
export class GraphQLEndpoint {
  private readonly cors: CorsPolicy;
  private readonly trustedProxies: ProxyTrust;
  private readonly bodyLimit: string;
  private readonly bodyLimitBytes: number;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly supergraph: SupergraphServer,
    private readonly rateLimiter: GatewayRateLimiter,
  ) {
    this.cors = new CorsPolicy(corsOriginsSetting(config));
    this.trustedProxies = proxyAddr.compile(proxyList(config.TRUSTED_PROXIES));
    this.bodyLimit = config.BODY_LIMIT;
    this.bodyLimitBytes = bodyLimitBytes(config.BODY_LIMIT);
  }

  /** Never rejects: whatever goes wrong becomes a response. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.serve(req, res).catch((error: unknown) => {
      this.logger.error({ err: error }, 'unexpected error serving /graphql');
      if (!res.headersSent) sendErrors(res, 500, {}, 'Internal server error', 'INTERNAL_SERVER_ERROR');
      else res.destroy();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...this.cors.preflightHeaders(req), 'content-length': '0' }).end();
      return;
    }
    // CORS, then what is learnt before GraphQL runs (rate limit state), then Apollo's own.
    const responseHeaders = this.cors.responseHeaders(req);
    // An answer for one player must never be served to another from a shared cache.
    if (req.headers.authorization) responseHeaders['cache-control'] = 'no-store';
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trustedProxies);
    if (await this.refusedByRateLimit(req, res, address, responseHeaders)) return;
    const request = await this.graphQLRequestFrom(req, res, responseHeaders);
    if (!request) return;

    const response = await this.supergraph.execute(request, { authorization: req.headers.authorization, clientAddress: address });
    for (const [name, value] of response.headers) {
      // A no-store decided here stands whatever the operation adds.
      if (name !== 'cache-control' || responseHeaders['cache-control'] === undefined) responseHeaders[name] = value;
    }
    if (response.body.kind === 'complete') {
      responseHeaders['content-length'] = String(Buffer.byteLength(response.body.string));
      res.writeHead(response.status ?? 200, responseHeaders).end(response.body.string);
      return;
    }
    res.writeHead(response.status ?? 200, responseHeaders);
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  }

  /**
   * Counts the request against its client's minute and says where the
   * client stands in `RateLimit-*` headers; answers 429 and returns true
   * when over.
   */
  private async refusedByRateLimit(
    req: IncomingMessage,
    res: ServerResponse,
    address: string,
    responseHeaders: OutgoingHttpHeaders,
  ): Promise<boolean> {
    if (!this.rateLimiter.enabled || (req.method !== 'GET' && req.method !== 'POST')) return false;
    const decision = await this.rateLimiter.consume(rateLimitKey(address));
    if (!decision) return false;
    responseHeaders['ratelimit-limit'] = String(decision.limit);
    responseHeaders['ratelimit-remaining'] = String(decision.remaining);
    responseHeaders['ratelimit-reset'] = String(decision.resetSeconds);
    if (!decision.limited) return false;
    responseHeaders['retry-after'] = String(decision.retryAfter);
    sendErrors(res, 429, responseHeaders, `Too many requests; retry in ${decision.retryAfter} s`, 'RATE_LIMITED', {
      retryAfter: decision.retryAfter,
    });
    return true;
  }

  /** The request as Apollo takes it, or undefined when its body was refused (and answered). */
  private async graphQLRequestFrom(
    req: IncomingMessage,
    res: ServerResponse,
    responseHeaders: OutgoingHttpHeaders,
  ): Promise<HTTPGraphQLRequest | undefined> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const queryAt = req.url!.indexOf('?');
    const request: HTTPGraphQLRequest = {
      method: req.method!.toUpperCase(),
      headers,
      search: queryAt < 0 ? '' : req.url!.slice(queryAt),
      body: undefined,
    };
    if (req.method !== 'POST') return request;

    const body = await readBody(req, this.bodyLimitBytes);
    if (!body.ok) {
      if (body.reason === 'aborted') {
        res.destroy();
        return undefined;
      }
      // Unread bytes may still be on their way; do not keep the connection.
      responseHeaders.connection = 'close';
      sendErrors(res, 413, responseHeaders, `Request body is larger than ${this.bodyLimit}`, 'BAD_REQUEST');
      return undefined;
    }
    const parsed = parseBody(body.text, headers.get('content-type'));
    if (!parsed.ok) {
      sendErrors(res, 400, responseHeaders, 'Request body is not valid JSON', 'BAD_REQUEST');
      return undefined;
    }
    request.body = parsed.value;
    return request;
  }
}

/** JSON bodies are parsed here; any other body goes to Apollo as text, which refuses it with its own message. */
function parseBody(text: string, contentType: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (!contentType || !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) return { ok: true, value: text };
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function sendErrors(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): void {
  const body = JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] });
  res
    .writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) })
    .end(body);
}
