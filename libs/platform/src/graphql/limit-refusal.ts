import { GraphQLError } from 'graphql';

/** The `extensions.rule` of each limit's refusal, the names clients match on. */
export const LimitRule = {
  DEPTH: 'max-depth',
  ALIASES: 'max-aliases',
  TOKENS: 'max-tokens',
  COST: 'max-cost',
  DIRECTIVES: 'max-directives',
  FIELD_OVERLAP: 'max-field-overlap',
  INTROSPECTION: 'max-introspection',
  /** Not of one operation but of the live socket: the subscriptions it holds at once. */
  SUBSCRIPTIONS: 'max-subscriptions',
} as const;
export type LimitRule = (typeof LimitRule)[keyof typeof LimitRule];

/** The code of every limit refusal: the operation is refused before anything runs, like one the schema does not allow. */
export const LIMIT_REFUSAL_CODE = 'GRAPHQL_VALIDATION_FAILED';

/**
 * A limit's refusal: its rule in `extensions.rule`, and a message that
 * says which limit and by how much. graphql-armor starts its messages with
 * "Syntax Error:", which they are not; that prefix is dropped.
 */
export function limitRefusal(rule: LimitRule, message: string): GraphQLError {
  return new GraphQLError(message.replace(/^Syntax Error:\s*/, ''), { extensions: { code: LIMIT_REFUSAL_CODE, rule } });
}
