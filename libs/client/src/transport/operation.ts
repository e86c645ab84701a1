/**
 * One GraphQL operation the SDK sends, as generated from its `.graphql`
 * file: the text goes on the wire as it is, so no GraphQL parser is bundled,
 * and the two type parameters carry what the schema says its answer and its
 * variables are.
 */
export interface Operation<TResult, TVariables> {
  readonly name: string;
  readonly kind: 'query' | 'mutation' | 'subscription';
  /** The operation and the fragments it uses, printed. */
  readonly text: string;
  /** Never set: carries the types only. */
  readonly __result?: TResult;
  readonly __variables?: TVariables;
}

export type ResultOf<O> = O extends Operation<infer R, unknown> ? R : never;
export type VariablesOf<O> = O extends Operation<unknown, infer V> ? V : never;
