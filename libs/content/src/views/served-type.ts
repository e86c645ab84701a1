/**
 * Every view carries the name of the GraphQL object type that serves it, so
 * interfaces and unions resolve a view's type without a list of kinds.
 */
export const GRAPHQL_TYPE = Symbol('graphqlType');

export function graphqlTypeOfView(view: object): string {
  const type = (view as { [GRAPHQL_TYPE]?: string })[GRAPHQL_TYPE];
  if (!type) throw new Error(`no GraphQL type serves ${JSON.stringify((view as { kind?: string }).kind)}`);
  return type;
}
