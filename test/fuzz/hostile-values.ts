/**
 * The values a hostile or careless client sends, by the kind of input they
 * stand in for. Each carries a short label so a finding says what was sent
 * without repeating a 50 kB string.
 */
export interface Hostile {
  readonly label: string;
  readonly value: unknown;
}

const hostile = (label: string, value: unknown): Hostile => ({ label, value });

/** Keys that name an object's prototype machinery: a lookup table indexed by client text must not find them. */
export const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'] as const;

/** Text that no display name, id or key may carry, each a different way of hiding or breaking text. */
export const CONTROL_TEXTS: readonly Hostile[] = [
  hostile('NUL', 'a\u0000b'),
  hostile('C0 controls', 'name\u0001\u0007\u001b[31m'),
  hostile('DEL and C1', 'x\u007f\u0085\u009b'),
  hostile('right-to-left override U+202E', 'abc\u202Egpj.exe'),
  hostile('lone high surrogate', 'x\uD800y'),
  hostile('lone low surrogate', '\uDFFF'),
  hostile('line separator U+2028', 'a\u2028b'),
  hostile('zero-width space U+200B', '\u200B'),
  hostile('byte order mark', '\uFEFFname'),
];

/** Sizes of text around the body limit (100 kB at the gateway) and around every column a name could land in. */
export const OVERSIZED_TEXTS: readonly Hostile[] = [
  hostile('256 chars', 'n'.repeat(256)),
  hostile('4,097 chars', 'x'.repeat(4_097)),
  hostile('60,000 chars', 'y'.repeat(60_000)),
  hostile('10,000 emoji (40 kB of UTF-8)', '\u{1F600}'.repeat(10_000)),
];

export const ODD_TEXTS: readonly Hostile[] = [
  hostile('empty string', ''),
  hostile('only spaces', '   '),
  hostile('SQL quote', "' OR '1'='1' --"),
  hostile('path traversal', '../../../../etc/passwd'),
  hostile('JSON in a string', '{"$gt":""}'),
  hostile('percent escapes', '%00%2e%2e%2f'),
  hostile('number as text', '12345678901234567890'),
  hostile('decomposed accents', 'e\u0301'.repeat(40)),
];

export const RESERVED_TEXTS: readonly Hostile[] = RESERVED_KEYS.map((key) => hostile(`reserved key ${key}`, key));

export const HOSTILE_STRINGS: readonly Hostile[] = [...RESERVED_TEXTS, ...CONTROL_TEXTS, ...OVERSIZED_TEXTS, ...ODD_TEXTS];

/** Integers at and beyond GraphQL's 32-bit Int, and the things JSON lets a client send instead. */
export const HOSTILE_INTS: readonly Hostile[] = [
  hostile('-1', -1),
  hostile('0', 0),
  hostile('2^31 - 1', 2_147_483_647),
  hostile('2^31 (past Int)', 2_147_483_648),
  hostile('-2^31 - 1 (past Int)', -2_147_483_649),
  hostile('-2^31', -2_147_483_648),
  hostile('2^53 + 1', 9_007_199_254_740_993),
  hostile('1e308', 1e308),
  hostile('float where an int goes', 1.5),
  hostile('-0.0001', -0.0001),
  hostile('int as text', '7'),
  hostile('boolean', true),
];

export const HOSTILE_FLOATS: readonly Hostile[] = [
  hostile('1e308', 1e308),
  hostile('-1e308', -1e308),
  hostile('5e-324', 5e-324),
  hostile('negative', -12.5),
  hostile('float as text', '1.5'),
  hostile('NaN as text', 'NaN'),
  hostile('object', { value: 1 }),
];

export const HOSTILE_BOOLEANS: readonly Hostile[] = [
  hostile('"true" as text', 'true'),
  hostile('1', 1),
  hostile('empty object', {}),
];

/** Nesting past any sensible depth: recursive code that walks client JSON must not exhaust its stack. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { d: value };
  return value;
}

/** Objects whose own keys are the prototype's names, as `JSON.parse` builds them. */
export function reservedKeyObjects(): Hostile[] {
  return [
    hostile('object with own __proto__ key', JSON.parse('{"__proto__": {"polluted": true, "isAdmin": true}}')),
    hostile('object with constructor.prototype', JSON.parse('{"constructor": {"prototype": {"polluted": true}}}')),
    hostile('object with every reserved key', JSON.parse(`{${RESERVED_KEYS.map((key) => `"${key}": 1`).join(',')}}`)),
  ];
}

export function hostileJson(): Hostile[] {
  return [
    ...reservedKeyObjects(),
    hostile('JSON nested 3,000 deep', deeplyNested(3_000)),
    hostile('array of 5,000 numbers', Array.from({ length: 5_000 }, (_, i) => i)),
    hostile('string instead of object', 'args'),
    hostile('number instead of object', 42),
    hostile('array instead of object', []),
    hostile('null', null),
    hostile('object of control characters', { 'a\u0000': 'b\u202E', '\uD800': '\uDFFF' }),
    hostile('1e308 value', { by: 1e308, amount: 1e308, value: 1e308 }),
  ];
}
