import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER } from '../auth/gateway-signature';
import { rawBodyOf } from '../bootstrap/raw-body';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { sendHttpError } from '../errors/http-error-response';
import { rememberSignedClientAddress } from './client-address';
import { decideGatewayCaller } from './gateway-caller';

/**
 * Guards a subgraph's /graphql: only requests the gateway signed get
 * through (and unsigned ones in development). Runs after the body parser,
 * which keeps the raw bytes the signature covers, and before Apollo.
 */
@Injectable()
export class GatewayCallerMiddleware implements NestMiddleware {
  private readonly requireSignature: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: BaseConfig) {
    this.requireSignature = config.NODE_ENV !== 'development';
  }

  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const decision = decideGatewayCaller(this.config.GATEWAY_SIGNING_SECRET, this.requireSignature, {
      method: req.method ?? 'GET',
      signature: req.headers[GATEWAY_SIGNATURE_HEADER],
      clientAddress: req.headers[GATEWAY_CLIENT_ADDRESS_HEADER],
      rawBody: rawBodyOf(req),
    });
    if (!decision.accepted) {
      sendHttpError(
        res,
        401,
        `This request did not come through the gateway: ${decision.reason}. Send GraphQL requests to the gateway's /graphql.`,
        'UNAUTHENTICATED',
        {},
        { field: GATEWAY_SIGNATURE_HEADER, rule: 'signed-by-gateway' },
      );
      return;
    }
    // An unsigned request (development only) may still carry the header: it vouches for nothing.
    if (!decision.clientAddress) delete req.headers[GATEWAY_CLIENT_ADDRESS_HEADER];
    rememberSignedClientAddress(req, decision.clientAddress);
    next();
  }
}
