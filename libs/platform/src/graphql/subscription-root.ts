import { GraphQLNamedType, GraphQLSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType, isUnionType } from 'graphql';

/**
 * Apollo Gateway cannot execute subscriptions, so `/graphql/ws` serves a
 * schema of its own; the published schema (graphql/schema.graphql) and the
 * explorer show the HTTP API with that Subscription root added, so client
 * tools type and document subscription documents from one schema.
 */

/** The types the schema's Subscription root reaches, itself included, by name; no built-in scalars or introspection types. */
export function subscriptionTypes(schema: GraphQLSchema): Map<string, GraphQLNamedType> {
  const found = new Map<string, GraphQLNamedType>();
  const visit = (type: GraphQLNamedType) => {
    if (found.has(type.name) || isSpecifiedScalarType(type) || type.name.startsWith('__')) return;
    found.set(type.name, type);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        visit(getNamedType(field.type));
        for (const arg of field.args) visit(getNamedType(arg.type));
      }
      if (isObjectType(type)) type.getInterfaces().forEach(visit);
    } else if (isUnionType(type)) type.getTypes().forEach(visit);
    else if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
  };
  const root = schema.getSubscriptionType();
  if (root) visit(root);
  return found;
}

/**
 * The HTTP API with the Subscription root of `source` (the live schema, or a
 * schema that carries it) and the types it reaches added. A reached type
 * whose name the HTTP API already uses would make the result lie about one
 * of them, so it is refused instead.
 */
export function withSubscriptionRoot(api: GraphQLSchema, source: GraphQLSchema): GraphQLSchema {
  const config = api.toConfig();
  if (config.subscription) throw new Error('The HTTP API has a Subscription root of its own; subscriptions are served only at /graphql/ws');
  const added = subscriptionTypes(source);
  const clashes = [...added.keys()].filter((name) => api.getType(name));
  if (clashes.length > 0) throw new Error(`The live schema's ${clashes.join(', ')} would clash with types of the HTTP API of the same name`);
  return new GraphQLSchema({ ...config, subscription: source.getSubscriptionType(), types: [...config.types, ...added.values()] });
}
