import {
  astFromValue,
  getNamedType,
  GraphQLInputType,
  GraphQLObjectType,
  GraphQLSchema,
  isObjectType,
  valueFromASTUntyped,
} from 'graphql';

/** Every field of an object type, nested, as a selection set: tests read whole results. */
export function fullSelection(type: GraphQLObjectType): string {
  const parts = Object.values(type.getFields()).map((field) => {
    const named = getNamedType(field.type);
    return isObjectType(named) ? `${field.name} ${fullSelection(named)}` : field.name;
  });
  return `{ ${parts.join(' ')} }`;
}

/** A query document that runs one procedure field and selects all of its resolution. */
export function procedureQuery(schema: GraphQLSchema, field: string): string {
  const definition = schema.getQueryType()!.getFields()[field];
  const inputType = definition.args.find((a) => a.name === 'input')!.type;
  return `query($input: ${String(inputType)}) { ${field}(input: $input) ${fullSelection(getNamedType(definition.type) as GraphQLObjectType)} }`;
}

/** Engine-shaped input (enum values such as "red") as GraphQL variables (enum names such as RED). */
export function toVariables(schema: GraphQLSchema, field: string, input: unknown): unknown {
  const type = schema.getQueryType()!.getFields()[field].args.find((a) => a.name === 'input')!.type as GraphQLInputType;
  const ast = astFromValue(input, type);
  return ast ? valueFromASTUntyped(ast) : null;
}
