import { HeaderMap, HTTPGraphQLRequest } from '@apollo/server';
import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, LOGGER, Logger } from '@scriptbook/platform';
import { bodyLimitBytes, GatewayConfig } from '../gateway.config';
import { RateLimiter } from '../limits/rate-limiter';
import { SupergraphServer } from '../supergraph/supergraph-server';
import { CorsPolicy } from './cors-policy';
import { readBody } from './request-body';

/** Proxies in front of the gateway (ingress, load balancer) are on private networks; their X-Forwarded-For is believed. */
const TRUSTED_PROXIES = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `/graphql`, the one public endpoint, as a plain Node handler: CORS, the
 * body size limit, the per-client rate limit, then the supergraph. Failures
 * before GraphQL runs are answered in GraphQL's error shape with a code, like
 * everything else the API says.
 */
@Injectable()
export class GraphQLEndpoint {
  private readonly cors: CorsPolicy;
  private readonly bodyLimit: string;
  private readonly bodyLimitBytes: number;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly supergraph: SupergraphServer,
    private readonly rateLimiter: RateLimiter,
  ) {
    this.cors = new CorsPolicy(config.CORS_ORIGINS);
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
    const cors = this.cors.responseHeaders(req);

    if (this.rateLimiter.enabled && (req.method === 'GET' || req.method === 'POST')) {
      const decision = await this.rateLimiter.check(proxyAddr(req, TRUSTED_PROXIES));
      if (decision.limit !== undefined) {
        cors['ratelimit-limit'] = String(decision.limit);
        cors['ratelimit-remaining'] = String(decision.remaining);
      }
      if (decision.limited) {
        cors['retry-after'] = String(decision.retryAfter);
        sendErrors(res, 429, cors, `Too many requests; retry in ${decision.retryAfter} s`, 'RATE_LIMITED', {
          retryAfter: decision.retryAfter,
        });
        return;
      }
    }

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

    if (req.method === 'POST') {
      const body = await readBody(req, this.bodyLimitBytes);
      if (!body.ok) {
        if (body.reason === 'aborted') return void res.destroy();
        // Unread bytes may still be on their way; do not keep the connection.
        cors.connection = 'close';
        sendErrors(res, 413, cors, `Request body is larger than ${this.bodyLimit}`, 'BAD_REQUEST');
        return;
      }
      const parsed = parseBody(body.text, headers.get('content-type'));
      if (!parsed.ok) {
        sendErrors(res, 400, cors, 'Request body is not valid JSON', 'BAD_REQUEST');
        return;
      }
      request.body = parsed.value;
    }

    const response = await this.supergraph.execute(request, { authorization: req.headers.authorization });
    const out: OutgoingHttpHeaders = { ...cors };
    for (const [name, value] of response.headers) out[name] = value;
    if (response.body.kind === 'complete') {
      out['content-length'] = String(Buffer.byteLength(response.body.string));
      res.writeHead(response.status ?? 200, out).end(response.body.string);
      return;
    }
    res.writeHead(response.status ?? 200, out);
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
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
