import { sha256Hex } from './sha256';

/**
 * JSON with every object's keys in code-point order and no whitespace, so
 * one value always gives one text whatever order its keys were built in
 * (the state a replay builds and the one the database returns). As
 * `JSON.stringify`, it leaves out undefined properties; a number JSON
 * cannot hold (NaN, Infinity) is refused rather than written as null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${value} has no JSON form`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  throw new Error(`a ${typeof value} has no JSON form`);
}

/** The hash a checkpoint gives a state: SHA-256 of its canonical JSON, hex. */
export function stateHash(state: unknown): string {
  return sha256Hex(canonicalJson(state));
}
