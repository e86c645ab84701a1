import { HeaderMap, HTTPGraphQLRequest } from '@apollo/server';
import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, LOGGER, Logger } from '@scriptbook/platform';
import { contentCacheTag, getOperationFrom, ifNoneMatchAccepts } from '../caching/cache-tag';
import { ContentOnlyOperations, operationKey } from '../caching/content-only-plan';
import { ContentResponseCache } from '../caching/content-response-cache';
import { ContentVersion } from '../caching/content-version';
import { ExplorerEndpoint } from '../explorer/explorer-endpoint';
import { prefersHtml } from '../explorer/explorer-page';
import { bodyLimitBytes, corsOriginsSetting, GatewayConfig, proxyList } from '../gateway.config';
import { limitsReport, QUERY_COST_HEADER, QUERY_COST_LIMIT_HEADER } from '../limits/limits-report.plugin';
import { GatewayRateLimiter } from '../limits/rate-limiter';
import { SupergraphServer } from '../supergraph/supergraph-server';
import { clientAddress, ProxyTrust, rateLimitKey } from './client-address';
import { CorsPolicy } from './cors-policy';
import { EndpointContext, rateLimitStanding } from './endpoint-context';
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
  private readonly costLimit: number;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly supergraph: SupergraphServer,
    private readonly rateLimiter: GatewayRateLimiter,
    private readonly explorer: ExplorerEndpoint,
    private readonly contentVersion: ContentVersion,
    private readonly contentOnly: ContentOnlyOperations,
    private readonly contentCache: ContentResponseCache,
  ) {
    this.cors = new CorsPolicy(corsOriginsSetting(config));
    this.trustedProxies = proxyAddr.compile(proxyList(config.TRUSTED_PROXIES));
    this.bodyLimit = config.BODY_LIMIT;
    this.bodyLimitBytes = bodyLimitBytes(config.BODY_LIMIT);
    this.costLimit = config.MAX_COST;
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
    if (this.wantsExplorer(req)) {
      this.explorer.servePage(req, res);
      return;
    }
    // CORS, then what is learnt before GraphQL runs (rate limit state), then Apollo's own.
    const responseHeaders = this.cors.responseHeaders(req);
    // An answer for one player must never be served to another from a shared cache.
    if (req.headers.authorization) responseHeaders['cache-control'] = 'no-store';
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trustedProxies);
    const context: EndpointContext = { authorization: req.headers.authorization, clientAddress: address, outcome: {} };
    if (await this.refusedByRateLimit(req, res, address, responseHeaders, context)) return;
    const request = await this.graphQLRequestFrom(req, res, responseHeaders);
    if (!request) return;
    if (await this.answeredFromContentCache(req, res, request, responseHeaders, context)) return;

    const response = await this.supergraph.execute(request, context);
    const cacheable = context.outcome.cacheable;
    if (cacheable && context.cacheTag) {
      // Written before answering, so the client's next request (to any replica) finds it; a failed write is only a later miss.
      await this.contentCache.set(context.cacheTag, {
        contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
        data: JSON.stringify(cacheable.data),
        cost: cacheable.cost,
      });
    }
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
    context: EndpointContext,
  ): Promise<boolean> {
    if (!this.rateLimiter.enabled || (req.method !== 'GET' && req.method !== 'POST')) return false;
    const decision = await this.rateLimiter.consume(rateLimitKey(address));
    if (!decision) return false;
    context.rateLimit = rateLimitStanding(decision);
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

  /**
   * A browser navigating to `/graphql` gets the explorer instead of a
   * refusal; a GET that names an operation is always an API call.
   */
  private wantsExplorer(req: IncomingMessage): boolean {
    if (req.method !== 'GET' || !this.explorer.enabled || !prefersHtml(req.headers.accept)) return false;
    const params = new URLSearchParams(req.url!.slice(req.url!.indexOf('?') + 1 || req.url!.length));
    return !params.has('query') && !params.has('extensions');
  }

  /**
   * For a GET without Authorization, while the content version is known:
   * prepares the cache tag the answer will carry if it turns out
   * content-only, and when this operation is already known to be
   * content-only, answers 304 to a matching If-None-Match or the cached
   * answer from Redis, without executing. Only requests that already pass
   * Apollo's request-forgery check are answered here; the rest go to
   * Apollo, which refuses them as before.
   */
  private async answeredFromContentCache(
    req: IncomingMessage,
    res: ServerResponse,
    request: HTTPGraphQLRequest,
    responseHeaders: OutgoingHttpHeaders,
    context: EndpointContext,
  ): Promise<boolean> {
    const contentHash = this.contentVersion.current;
    if (request.method !== 'GET' || context.authorization || !contentHash || !this.contentCache.enabled) return false;
    const operation = getOperationFrom(request.search);
    if (!operation) return false;
    const tag = contentCacheTag(contentHash, operation, req.headers.accept);
    context.cacheTag = tag;
    if (this.contentOnly.isContentOnly(operationKey(operation.queryHash, operation.operationName)) !== true) return false;
    if (!declaresPreflight(request.headers)) return false;

    const cacheHeaders: OutgoingHttpHeaders = {
      ...responseHeaders,
      'cache-control': `public, max-age=${this.contentCache.ttlSeconds}`,
      etag: tag,
      [QUERY_COST_LIMIT_HEADER]: String(this.costLimit),
    };
    if (ifNoneMatchAccepts(req.headers['if-none-match'], tag)) {
      res.writeHead(304, cacheHeaders).end();
      return true;
    }
    const cached = await this.contentCache.get(tag);
    if (!cached) return false;
    const limits = limitsReport(cached.cost, this.costLimit, context.rateLimit);
    const body = `{"data":${cached.data},"extensions":${JSON.stringify({ limits })}}`;
    if (cached.cost !== null) cacheHeaders[QUERY_COST_HEADER] = String(cached.cost);
    res
      .writeHead(200, { ...cacheHeaders, 'content-type': cached.contentType, 'content-length': String(Buffer.byteLength(body)) })
      .end(body);
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

/**
 * Apollo's request-forgery check for a GET, narrowed: one of the headers a
 * browser cannot send cross-site without a preflight. Anything else is left
 * for Apollo to accept or refuse, so answering from the cache never lets
 * through what Apollo would refuse.
 */
function declaresPreflight(headers: HeaderMap): boolean {
  return Boolean(headers.get('apollo-require-preflight') || headers.get('x-apollo-operation-name'));
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
