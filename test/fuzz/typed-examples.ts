import { GraphQLInputType, getNullableType, isEnumType, isInputObjectType, isListType } from 'graphql';

const spelled = (name: string) => name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/**
 * A rules-engine worked example as the typed GraphQL query takes it: the
 * same fields, with each enum value in the schema's spelling (`cannedFood`
 * becomes `CANNED_FOOD`). Fields the input type does not have are dropped.
 */
export function typedExample(value: unknown, type: GraphQLInputType): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (value === null || value === undefined) return value;
  if (isListType(inner)) return Array.isArray(value) ? value.map((item) => typedExample(item, inner.ofType)) : value;
  if (isInputObjectType(inner) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = inner.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key in fields)
        .map(([key, item]) => [key, typedExample(item, fields[key].type)]),
    );
  }
  if (isEnumType(inner) && typeof value === 'string') {
    return inner.getValues().find((candidate) => spelled(candidate.name) === spelled(value))?.name ?? value;
  }
  return value;
}
