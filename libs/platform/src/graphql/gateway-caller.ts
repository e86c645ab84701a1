import { GatewaySignatureCheck, verifyGatewaySignature } from '../auth/gateway-signature';

export interface SubgraphRequestFacts {
  readonly method: string;
  readonly signature: string | string[] | undefined;
  readonly clientAddress: string | string[] | undefined;
  /** The body exactly as it arrived, before any parsing; empty when there was none. */
  readonly rawBody: Buffer;
}

export type GatewayCallerDecision =
  | { readonly accepted: true; readonly clientAddress?: string }
  | { readonly accepted: false; readonly reason: string };

const REASONS: Record<Exclude<GatewaySignatureCheck, { valid: true }>['reason'], string> = {
  missing: 'it carries no gateway signature',
  malformed: 'its gateway signature is malformed',
  expired: 'its gateway signature is too old or from the future',
  mismatch: 'its gateway signature does not match the request',
};

/**
 * Whether a subgraph serves a request: only when the gateway signed it,
 * except that in development an unsigned request is let through so people
 * and benchmarks can call a subgraph directly. A signature that is present
 * but wrong is refused everywhere: it means someone tried.
 *
 * The signature covers the body, not the URL, so only POST can be vouched
 * for; a signed GET (whose operation sits in the query string) is refused.
 */
export function decideGatewayCaller(
  secret: string,
  requireSignature: boolean,
  request: SubgraphRequestFacts,
  nowSeconds?: number,
): GatewayCallerDecision {
  const signature = first(request.signature);
  if (!signature && !requireSignature) return { accepted: true };
  if (signature && request.method !== 'POST') return { accepted: false, reason: 'only a POST request can carry a gateway signature' };
  const clientAddress = first(request.clientAddress) ?? '';
  const check = verifyGatewaySignature(secret, signature, request.rawBody, clientAddress, nowSeconds);
  if (!check.valid) return { accepted: false, reason: REASONS[check.reason] };
  return clientAddress ? { accepted: true, clientAddress } : { accepted: true };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
