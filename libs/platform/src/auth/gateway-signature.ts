import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header the gateway sets on every subgraph request it makes. */
export const GATEWAY_SIGNATURE_HEADER = 'x-scriptbook-gateway-signature';

/**
 * The caller's address as the gateway established it (after its trusted-proxy
 * rules). Covered by the signature, so a subgraph can key per-address limits
 * on it without trusting anything else on the network.
 */
export const GATEWAY_CLIENT_ADDRESS_HEADER = 'x-scriptbook-client-address';

/** How far a signature's timestamp may stray from the subgraph's clock. */
export const GATEWAY_SIGNATURE_MAX_SKEW_SECONDS = 60;

/**
 * Signs a subgraph request: an HMAC-SHA256 over the timestamp, the client
 * address header's value ('' when none) and the exact body bytes, so a
 * captured signature cannot be replayed on another body, for another
 * address or after a minute. Format: `t=<unix seconds>,v1=<hex>`.
 */
export function signGatewayRequest(
  secret: string,
  body: string | Buffer,
  clientAddress = '',
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  return `t=${nowSeconds},v1=${gatewayMac(secret, nowSeconds, clientAddress, body)}`;
}

export type GatewaySignatureCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

/** Checks a signature header against the body that arrived with it. */
export function verifyGatewaySignature(
  secret: string,
  header: string | string[] | undefined,
  body: string | Buffer,
  clientAddress = '',
  nowSeconds = Math.floor(Date.now() / 1000),
): GatewaySignatureCheck {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return { valid: false, reason: 'missing' };
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(value);
  if (!match) return { valid: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(nowSeconds - timestamp) > GATEWAY_SIGNATURE_MAX_SKEW_SECONDS) return { valid: false, reason: 'expired' };
  const expected = Buffer.from(gatewayMac(secret, timestamp, clientAddress, body), 'hex');
  const given = Buffer.from(match[2], 'hex');
  return timingSafeEqual(expected, given) ? { valid: true } : { valid: false, reason: 'mismatch' };
}

function gatewayMac(secret: string, timestamp: number, clientAddress: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.${clientAddress}.`).update(body).digest('hex');
}

/**
 * What the gateway signs, in place of the body, for a request whose body it
 * streams through without reading (a campaign file's upload): the method and
 * the request target as sent, so a signature captured on one upload cannot
 * be replayed within its minute on another path, group or dry-run setting.
 * The body itself is then vouched for by the bearer token alone, which the
 * subgraph authorizes as for any other request.
 */
export function streamedRequestSubject(method: string, target: string): string {
  return `${method.toUpperCase()} ${target}`;
}
