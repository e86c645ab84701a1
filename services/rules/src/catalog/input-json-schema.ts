import {
  GraphQLInputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

type JsonSchema = Record<string, unknown>;

const SCALARS: Readonly<Record<string, JsonSchema>> = {
  Int: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
};

/** Top-level fields that belong to the call, not to the procedure's input. */
const CALL_FIELDS = new Set(['seed']);

/**
 * The JSON Schema (2020-12) of the engine input a query takes, derived from
 * the query's GraphQL input type so the two cannot disagree. Enums list the
 * engine's values (`"red"`), which is what replay and `resultJson` speak;
 * the GraphQL enum names (`RED`) are for the typed queries.
 */
export function inputJsonSchema(schema: GraphQLSchema, field: string, argument = 'input'): JsonSchema {
  const query = schema.getQueryType()?.getFields()[field];
  const arg = query?.args.find((a) => a.name === argument);
  if (!arg) throw new Error(`no query ${field}(${argument}: ...) in the schema`);
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...describe(arg.type, CALL_FIELDS) };
}

function describe(type: GraphQLInputType, skip: ReadonlySet<string> = new Set()): JsonSchema {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return { type: 'array', items: describe(inner.ofType) };
  if (isEnumType(inner)) return { enum: inner.getValues().map((v) => v.value as unknown) };
  if (isScalarType(inner)) return SCALARS[inner.name] ?? {};
  if (isInputObjectType(inner)) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const f of Object.values(inner.getFields())) {
      if (skip.has(f.name)) continue;
      properties[f.name] = { ...describe(f.type), ...(f.description ? { description: f.description } : {}) };
      if (isNonNullType(f.type)) required.push(f.name);
    }
    return {
      title: inner.name,
      ...(inner.description ? { description: inner.description } : {}),
      type: 'object',
      properties,
      required,
      additionalProperties: false,
    };
  }
  return {};
}
