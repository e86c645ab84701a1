import fc from 'fast-check';
import { RuleInputError } from '../procedure';
import { numberedDie } from './die';
import { MAX_DICE_PER_ROLL, rollDice } from './roll-dice';

const D10 = numberedDie('d10', 'ten-sided die', 10);
const D6 = numberedDie('d6', 'six-sided die', 6);

describe('rollDice', () => {
  it('golden: 3 ten-sided dice for seed "scriptbook"', () => {
    const r = rollDice(D10, 3, 'scriptbook');
    expect(r.result.values).toEqual([9, 4, 4]);
    expect(r.transcript.map((t) => t.text)).toEqual([
      'Rolled the ten-sided die (1 of 3): 9',
      'Rolled the ten-sided die (2 of 3): 4',
      'Rolled the ten-sided die (3 of 3): 4',
    ]);
  });

  it.each([0, -1, 1.5, MAX_DICE_PER_ROLL + 1])('rejects a count of %p, naming the field', (count) => {
    expect(() => rollDice(D6, count, 's')).toThrow(expect.objectContaining({ field: 'count', rule: 'range' }));
    expect(() => rollDice(D6, count, 's')).toThrow(RuleInputError);
  });

  it('same seed, same values; values stay on the die', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 20 }), (seed, count) => {
        const a = rollDice(D6, count, seed);
        expect(rollDice(D6, count, seed)).toEqual(a);
        expect(a.result.values).toHaveLength(count);
        a.result.values.forEach((v) => expect(D6.faces).toContain(v));
      }),
    );
  });
});
