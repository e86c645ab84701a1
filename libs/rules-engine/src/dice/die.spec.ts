import fc from 'fast-check';
import { Random } from '../rng/random';
import { numberedDie, rollDie } from './die';

describe('dice', () => {
  it('a numbered die is numbered 1 to its number of sides', () => {
    expect(numberedDie('d10', 'ten-sided die', 10).faces).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(numberedDie('d6', 'six-sided die', 6).faces).toEqual([1, 2, 3, 4, 5, 6]);
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

  it('every face of a ten-sided die comes up over many rolls', () => {
    const d10 = numberedDie('d10', 'ten-sided die', 10);
    const random = Random.fromSeed('faces');
    const seen = new Set(Array.from({ length: 500 }, () => rollDie(random, d10).value));
    expect([...seen].sort((a, b) => (a as number) - (b as number))).toEqual(d10.faces);
  });
});
