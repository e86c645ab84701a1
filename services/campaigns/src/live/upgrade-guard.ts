import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, verifyGatewaySignature } from '@scriptbook/platform';
import type { IncomingHttpHeaders } from 'node:http';

export type UpgradeDecision = { readonly accepted: true } | { readonly accepted: false; readonly reason: string };

/**
 * Whether a WebSocket upgrade came through the gateway: it signs the empty
 * body with the client's address, as for any subgraph request. Outside
 * development an unsigned upgrade is refused; a wrong signature always is.
 */
export function decideUpgrade(secret: string, requireSignature: boolean, headers: IncomingHttpHeaders, nowSeconds?: number): UpgradeDecision {
  const signature = headers[GATEWAY_SIGNATURE_HEADER];
  if (!signature && !requireSignature) return { accepted: true };
  const address = headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const check = verifyGatewaySignature(secret, signature, '', (Array.isArray(address) ? address[0] : address) ?? '', nowSeconds);
  return check.valid ? { accepted: true } : { accepted: false, reason: `the upgrade's gateway signature is ${check.reason}` };
}
