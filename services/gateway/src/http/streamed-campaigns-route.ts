import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, LOGGER, sendHttpError, signGatewayRequest } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { corsOriginsSetting, GatewayConfig, proxyList } from '../gateway.config';
import { GatewayRateLimiter } from '../limits/rate-limiter';
import { clientAddress, ProxyTrust, rateLimitKey } from './client-address';
import { CorsPolicy } from './cors-policy';

/** A request the route admitted: the headers its answer carries (CORS so far) and the client's address. */
export interface AdmittedRequest {
  readonly headers: OutgoingHttpHeaders;
  readonly address: string;
}

/** What a streamed path takes, and what it answers a request it does not. */
export interface StreamedRoute {
  readonly methods: readonly string[];
  readonly methodRefusal: string;
  readonly onRateLimit?: OutgoingHttpHeaders;
}

/**
 * What every streamed path from the gateway to campaigns shares (a campaign
 * file's download and its upload): the public host's CORS policy, the
 * client's address behind the trusted proxies, the client's rate limit, and
 * the signature campaigns checks, since such a path never passes Apollo.
 */
@Injectable()
export class StreamedCampaignsRoute {
  private readonly cors: CorsPolicy;
  private readonly trust: ProxyTrust;
  /** Campaigns' origin: CAMPAIGNS_URL names its /graphql, and its file paths are served beside it. */
  readonly target: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly rateLimiter: GatewayRateLimiter,
  ) {
    this.cors = new CorsPolicy(corsOriginsSetting(config));
    this.trust = proxyAddr.compile(proxyList(config.TRUSTED_PROXIES));
    this.target = new URL(config.CAMPAIGNS_URL).origin;
  }

  /** A request handler that never rejects: whatever goes wrong in `forward` becomes a response. */
  handler(what: string, forward: (req: IncomingMessage, res: ServerResponse) => Promise<void>): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      forward(req, res).catch((error: unknown) => {
        this.logger.error({ err: error }, `unexpected error forwarding ${what}`);
        sendHttpError(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
      });
    };
  }

  /**
   * Answers a CORS preflight, refuses a method other than `route.methods`
   * (with `route.methodRefusal` as its message) and a client over its rate
   * limit (with the headers of `route.onRateLimit` besides), draining the
   * body of a refusal; otherwise the request is admitted.
   */
  async admit(req: IncomingMessage, res: ServerResponse, route: StreamedRoute): Promise<AdmittedRequest | null> {
    const { methods, methodRefusal, onRateLimit = {} } = route;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...this.cors.preflightHeaders(req), 'content-length': '0' }).end();
      return null;
    }
    const headers: OutgoingHttpHeaders = this.cors.responseHeaders(req);
    if (!methods.includes(req.method ?? '')) {
      const allow = [...methods, 'OPTIONS'].join(', ');
      sendHttpError(res, 405, methodRefusal, 'BAD_REQUEST', { ...headers, allow }, { field: 'method', rule: 'one-of' });
      req.resume();
      return null;
    }
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trust);
    const decision = this.rateLimiter.enabled ? await this.rateLimiter.consume(rateLimitKey(address)) : null;
    if (decision?.limited) {
      const refusal = { ...headers, 'retry-after': String(decision.retryAfter), ...onRateLimit };
      sendHttpError(res, 429, `Too many requests; retry in ${decision.retryAfter} s`, 'RATE_LIMITED', refusal, { retryAfter: decision.retryAfter });
      req.resume();
      return null;
    }
    return { headers, address };
  }

  /** The headers that tell campaigns the gateway sent the request, signed over `subject` with the client's address. */
  signed(subject: string, address: string): OutgoingHttpHeaders {
    return {
      [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(this.config.GATEWAY_SIGNING_SECRET, subject, address),
      [GATEWAY_CLIENT_ADDRESS_HEADER]: address,
    };
  }
}
