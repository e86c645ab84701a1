import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, streamedRequestSubject, verifyGatewaySignature } from '@scriptbook/platform';

/**
 * Whether an export request came through the gateway. A download is a GET,
 * whose signature covers the empty body with the client's address (as the
 * live socket's upgrade is signed); outside development an unsigned one is
 * refused, and a wrong signature always is.
 */
export function exportRequestSigned(secret: string, requireSignature: boolean, headers: IncomingHttpHeaders, nowSeconds?: number): { accepted: true } | { accepted: false; reason: string } {
  const signature = headers[GATEWAY_SIGNATURE_HEADER];
  if (!signature && !requireSignature) return { accepted: true };
  const header = headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const check = verifyGatewaySignature(secret, signature, '', (Array.isArray(header) ? header[0] : header) ?? '', nowSeconds);
  return check.valid ? { accepted: true } : { accepted: false, reason: `its gateway signature is ${check.reason}` };
}

/**
 * Whether a file upload came through the gateway. The gateway streams the
 * body on without reading it, so its signature covers the method and the
 * request target (`streamedRequestSubject`) with the client's address
 * instead; the file itself is authorized by the bearer token.
 */
export function uploadRequestSigned(secret: string, requireSignature: boolean, method: string, target: string, headers: IncomingHttpHeaders): { accepted: true } | { accepted: false; reason: string } {
  const signature = headers[GATEWAY_SIGNATURE_HEADER];
  if (!signature && !requireSignature) return { accepted: true };
  const header = headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const check = verifyGatewaySignature(secret, signature, streamedRequestSubject(method, target), (Array.isArray(header) ? header[0] : header) ?? '');
  return check.valid ? { accepted: true } : { accepted: false, reason: `its gateway signature is ${check.reason}` };
}
