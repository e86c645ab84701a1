import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex } from './sha256';

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 bytes, as node:crypto gives it, for any text and any length around the block sizes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.nat({ max: 200 }).map((n) => 'x'.repeat(n))), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});
