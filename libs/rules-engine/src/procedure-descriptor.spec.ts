import { z } from 'zod';
import { count } from './schema-checks';
import { defineProcedure, LARGEST_SERVED_INT, runProcedure } from './procedure-descriptor';
import { RuleInputError } from './procedure';

/** A made-up procedure that multiplies two counts, whose product may not fit a GraphQL Int although each factor does. */
const product = defineProcedure({
  id: 'fixture.product',
  gameId: 'fixture',
  field: 'fixtureProduct',
  description: 'Multiplies two counts',
  draws: false,
  input: z.object({ a: count('A factor.'), b: count('A factor.') }).strict(),
  result: z.object({ totals: z.array(z.object({ product: count('The product.') })) }),
  run: ({ a, b }) => ({ totals: [{ product: a * b }] }),
});

describe('runProcedure', () => {
  it('serves a result whose numbers fit a GraphQL Int', () => {
    expect(runProcedure(product, { a: 46_340, b: 46_340 }, { seed: 's' }, undefined).result).toEqual({ totals: [{ product: 46_340 * 46_340 }] });
  });

  it('refuses a result holding a number beyond a GraphQL Int, naming the rule and the result field it overflowed', () => {
    const run = () => runProcedure(product, { a: LARGEST_SERVED_INT, b: 2 }, { seed: 's' }, undefined);
    expect(run).toThrow(RuleInputError);
    expect(run).toThrow(expect.objectContaining({ field: 'input', rule: 'result-range', message: expect.stringContaining('totals[0].product') }));
  });
});
