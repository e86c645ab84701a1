import {
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  isUnionType,
} from 'graphql';

/**
 * Every element of a schema a frontend author reads without a description,
 * as schema coordinates (`Query.card(id:)`, `Faction.BANDITS`). Built-ins the
 * GraphQL spec documents itself are left out, and so are the root operation
 * types' own descriptions: a reader meets them through their fields.
 */
export function undescribedElements(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean));
  const lacks = (description: string | null | undefined) => !description || description.trim() === '';
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (lacks(type.description) && !roots.has(type as never)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (lacks(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (lacks(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (lacks(field.description)) missing.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (lacks(value.description)) missing.push(`${type.name}.${value.name}`);
    } else if (isUnionType(type)) {
      // A union's members are types checked on their own.
    }
  }
  return missing.sort();
}
