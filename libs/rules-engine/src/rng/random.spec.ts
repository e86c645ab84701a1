import fc from 'fast-check';
import { Random } from './random';

describe('Random (Alea)', () => {
  it('golden: the first ten float() values for seed "scriptbook"', () => {
    const random = Random.fromSeed('scriptbook');
    expect(Array.from({ length: 10 }, () => random.float())).toEqual([
      0.8452233639545739, 0.32391960616223514, 0.32174710696563125, 0.1521774441935122, 0.8815251931082457,
      0.7972242338582873, 0.2773521635681391, 0.47346184798516333, 0.2997124148532748, 0.6024417451117188,
    ]);
  });

  it('golden: the first ten int(1, 10) values for seed "scriptbook"', () => {
    const random = Random.fromSeed('scriptbook');
    expect(Array.from({ length: 10 }, () => random.int(1, 10))).toEqual([9, 4, 4, 2, 9, 8, 3, 5, 3, 7]);
  });

  it('resumes the exact stream from a saved state', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(20), (seed, skip) => {
        const a = Random.fromSeed(seed);
        for (let i = 0; i < skip; i++) a.float();
        const b = Random.fromState(a.state());
        expect(Array.from({ length: 5 }, () => b.float())).toEqual(Array.from({ length: 5 }, () => a.float()));
      }),
    );
  });

  it('int stays within its bounds and float within [0, 1)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -50, max: 50 }), fc.nat(50), (seed, min, span) => {
        const random = Random.fromSeed(seed);
        const n = random.int(min, min + span);
        const f = random.float();
        return n >= min && n <= min + span && Number.isInteger(n) && f >= 0 && f < 1;
      }),
    );
  });

  it('rejects int bounds that are not whole or are reversed', () => {
    const random = Random.fromSeed('x');
    expect(() => random.int(2, 1)).toThrow(RangeError);
    expect(() => random.int(0.5, 3)).toThrow(RangeError);
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('shuffle is a permutation of its input', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer()), (seed, items) => {
        const out = Random.fromSeed(seed).shuffle(items);
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });
});
