import { z } from 'zod';
import { BadUserInputError } from './domain-errors';
import { parseInput } from './parse-input';

const schema = z.object({
  name: z.string().min(1),
  players: z.array(z.object({ empathy: z.number().int().max(5) })),
});

function failureOf(value: unknown): BadUserInputError {
  try {
    parseInput(schema, value);
  } catch (error) {
    return error as BadUserInputError;
  }
  throw new Error('expected a failure');
}

describe('parseInput', () => {
  it('returns the parsed value when valid', () => {
    expect(parseInput(schema, { name: 'x', players: [] })).toEqual({ name: 'x', players: [] });
  });

  it('names the nested field path and the rule broken', () => {
    const error = failureOf({ name: 'x', players: [{ empathy: 2 }, { empathy: 9 }] });
    expect(error).toBeInstanceOf(BadUserInputError);
    expect(error.details).toEqual({ field: 'input.players[1].empathy', rule: 'max' });
    expect(error.message).toContain('input.players[1].empathy');
  });

  it('reports a missing field as a type problem', () => {
    expect(failureOf({ players: [] }).details).toEqual({ field: 'input.name', rule: 'type' });
  });
});
