import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, verifyGatewaySignature } from '@scriptbook/platform';
import type { IncomingHttpHeaders } from 'node:http';

/** An accepted upgrade carries the client address the gateway signed for, when it signed one. */
export type UpgradeDecision = { readonly accepted: true; readonly signedAddress?: string } | { readonly accepted: false; readonly reason: string };

/**
 * Whether a WebSocket upgrade came through the gateway: it signs the empty
 * body with the client's address, as for any subgraph request. Outside
 * development an unsigned upgrade is refused; a wrong signature always is.
 */
export function decideUpgrade(secret: string, requireSignature: boolean, headers: IncomingHttpHeaders, nowSeconds?: number): UpgradeDecision {
  const signature = headers[GATEWAY_SIGNATURE_HEADER];
  if (!signature && !requireSignature) return { accepted: true };
  const header = headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const address = (Array.isArray(header) ? header[0] : header) ?? '';
  const check = verifyGatewaySignature(secret, signature, '', address, nowSeconds);
  if (!check.valid) return { accepted: false, reason: `the upgrade's gateway signature is ${check.reason}` };
  return address ? { accepted: true, signedAddress: address } : { accepted: true };
}
