import fc from 'fast-check';
import { Random } from '../rng/random';
import { BLACK_D10, D6, numberedDie, rollDie } from './die';

describe('dice', () => {
  it('the Black die is numbered 1 to 10 and the D6 1 to 6', () => {
    expect(BLACK_D10.faces).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(D6.faces).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('every roll shows one of the die’s faces, at that face’s index', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 30 }), (seed, sides) => {
        const die = numberedDie('n', 'n-sided die', sides);
        const roll = rollDie(Random.fromSeed(seed), die);
        return die.faces[roll.faceIndex] === roll.value && roll.die === 'n';
      }),
    );
  });

  it('every Black-die face comes up over many rolls', () => {
    const random = Random.fromSeed('faces');
    const seen = new Set(Array.from({ length: 500 }, () => rollDie(random, BLACK_D10).value));
    expect([...seen].sort((a, b) => (a as number) - (b as number))).toEqual(BLACK_D10.faces);
  });
});
