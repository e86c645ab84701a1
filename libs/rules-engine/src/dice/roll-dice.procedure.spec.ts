import { runProcedure } from '../procedure-descriptor';
import { RuleInputError } from '../procedure';
import { numberedDie, RollableDie } from './die';
import { rollDiceProcedure, sharedRulesFor } from './roll-dice.procedure';

const ten: RollableDie = { ...numberedDie('d10', 'ten-sided die', 10), description: 'A ten-sided die.' };
const six: RollableDie = { ...numberedDie('d6', 'six-sided die', 6), description: 'A six-sided die.' };

describe('the dice roller every game shares', () => {
  it('offers the dice the games offer, in their order, each once', () => {
    const roller = rollDiceProcedure([ten, six, { ...six, description: 'The same die, offered by another game.' }]);
    expect(roller.input.shape.die.options).toEqual(['d10', 'd6']);
    expect(roller.result.shape.die.options).toEqual(['d10', 'd6']);
  });

  it('refuses two dice of one id with different faces', () => {
    expect(() => rollDiceProcedure([six, { ...numberedDie('d6', 'other die', 8), description: 'Not a six-sided die.' }])).toThrow('two dice named d6');
  });

  it('rolls the chosen die, naming it in the transcript', () => {
    const roll = runProcedure(rollDiceProcedure([ten, six]), { die: 'd6', count: 4 }, { seed: 'roller' }, undefined);
    expect(roll.result.die).toBe('d6');
    expect(roll.result.values).toHaveLength(4);
    roll.result.values.forEach((value: number) => expect(six.faces).toContain(value));
    expect(roll.transcript[0]).toMatchObject({ text: expect.stringMatching(/^Rolled the six-sided die \(1 of 4\): [1-6]$/), die: 'd6' });
  });

  it('refuses a die no game offers, naming input field die', () => {
    const roll = () => runProcedure(rollDiceProcedure([six]), { die: 'd10', count: 1 }, { seed: 's' }, undefined);
    expect(roll).toThrow(RuleInputError);
    expect(roll).toThrow(expect.objectContaining({ field: 'die', rule: 'one-of' }));
  });

  it('is left out when no game offers a die, and otherwise comes with a worked input on the first die', () => {
    expect(sharedRulesFor([]).procedures).toEqual([]);
    const rules = sharedRulesFor([six, ten]);
    expect(rules.procedures.map((p) => p.id)).toEqual(['dice.roll']);
    expect(rules.examples).toEqual({ 'dice.roll': { die: 'd6', count: 3 } });
  });
});
