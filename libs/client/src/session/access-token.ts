/**
 * How long an access token lives, read from its own `iat` and `exp` claims
 * (both the server's clock), so a device whose clock is off still refreshes
 * at the right moment; `expiresAt` against the device's clock otherwise.
 */
export function tokenLifetimeMs(accessToken: string, expiresAt: string, obtainedAt: number): number {
  const claims = jwtClaims(accessToken);
  if (claims && typeof claims.iat === 'number' && typeof claims.exp === 'number' && claims.exp > claims.iat) return (claims.exp - claims.iat) * 1000;
  return Math.max(0, Date.parse(expiresAt) - obtainedAt);
}

/** Refresh this long before the token ends: a minute, or a quarter of a short lifetime. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 4);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeBase64url(text: string): string | null {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    const index = ALPHABET.indexOf(char === '+' ? '-' : char === '/' ? '_' : char);
    if (index < 0) return null;
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  const json = decodeBase64url(payload);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
