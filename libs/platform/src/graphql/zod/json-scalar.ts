import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

/** For the few values whose structure is truly open; everything else gets a real type. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value. Used only where the structure is open by nature; the field description says what to expect.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});
