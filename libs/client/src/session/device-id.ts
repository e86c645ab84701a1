/** A source of cryptographically random bytes. */
export type RandomBytes = (length: number) => Uint8Array;

interface CryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** `crypto.getRandomValues` where the platform has it (browsers, Node 20+, React Native with a polyfill). */
export function platformRandomBytes(): RandomBytes | null {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!crypto || typeof crypto.getRandomValues !== 'function') return null;
  return (length) => crypto.getRandomValues(new Uint8Array(length));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k += 1) out += ALPHABET[(triple >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** A device id as docs/sign-in.md asks: 32 random bytes, base64url without padding (43 characters, 256 bits). */
export function newDeviceId(random: RandomBytes): string {
  return base64url(random(32));
}

/** A campaign client id: 16 random bytes as base64url (22 characters, within the server's 8 to 64 of `A-Z a-z 0-9 - _`). */
export function newClientId(random: RandomBytes): string {
  return base64url(random(16));
}
