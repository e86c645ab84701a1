import { z } from 'zod';

/**
 * What a zod schema says about its GraphQL form beyond what zod itself knows.
 * Kept on the schema's own definition (zod copies `_def` when `.describe()`
 * or `.refine()` make a new schema), so it survives chaining and needs no
 * registry; this file imports only zod, so framework-free code can use it.
 */
export interface GraphQLAnnotations {
  /** The GraphQL type name of an object or enum, unique across the subgraph. */
  readonly graphqlName?: string;
  /** Enum value → what it means, for every value of a `describedEnum`. */
  readonly valueDescriptions?: Readonly<Record<string, string>>;
  /** The federation entity an id points at (`Card`), served beside the raw id. */
  readonly reference?: string;
  /** Structure that is truly open: served as the JSON scalar. */
  readonly openJson?: boolean;
}

type Annotated = { _def: GraphQLAnnotations & { description?: string } };

function annotate<T extends z.ZodTypeAny>(schema: T, annotations: GraphQLAnnotations): T {
  const Schema = schema.constructor as new (def: unknown) => T;
  return new Schema({ ...schema._def, ...annotations });
}

/** The annotations a schema carries, looking through optional, nullable, default and refinements. */
export function graphqlAnnotationsOf(schema: z.ZodTypeAny): GraphQLAnnotations {
  const def = (schema as unknown as Annotated)._def;
  const inner = innerSchema(schema);
  const own: GraphQLAnnotations = {
    graphqlName: def.graphqlName,
    valueDescriptions: def.valueDescriptions,
    reference: def.reference,
    openJson: def.openJson,
  };
  if (!inner) return own;
  const below = graphqlAnnotationsOf(inner);
  return {
    graphqlName: own.graphqlName ?? below.graphqlName,
    valueDescriptions: own.valueDescriptions ?? below.valueDescriptions,
    reference: own.reference ?? below.reference,
    openJson: own.openJson ?? below.openJson,
  };
}

/** The schema a wrapper (optional, nullable, default, refinement, brand, readonly, catch) wraps, if it is one. */
export function innerSchema(schema: z.ZodTypeAny): z.ZodTypeAny | undefined {
  const def = schema._def as { typeName?: string; innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny; type?: z.ZodTypeAny; in?: z.ZodTypeAny };
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
    case z.ZodFirstPartyTypeKind.ZodDefault:
    case z.ZodFirstPartyTypeKind.ZodReadonly:
    case z.ZodFirstPartyTypeKind.ZodCatch:
      return def.innerType;
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return def.schema;
    case z.ZodFirstPartyTypeKind.ZodBranded:
      return def.type;
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return def.in;
    default:
      return undefined;
  }
}

/** The first `.describe()` text met from the outside in. */
export function descriptionOf(schema: z.ZodTypeAny): string | undefined {
  for (let current: z.ZodTypeAny | undefined = schema; current; current = innerSchema(current)) {
    if (current.description) return current.description;
  }
  return undefined;
}

/** Gives an object or enum schema its GraphQL type name (`named('Enemy', z.object(...))`). */
export function named<T extends z.ZodTypeAny>(name: string, schema: T): T {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`named: "${name}" is not a PascalCase GraphQL type name`);
  return annotate(schema, { graphqlName: name });
}

/**
 * An enum whose every value says what it means; the descriptions become the
 * GraphQL enum values' descriptions and the JSON Schema's `oneOf` titles.
 * `describedEnum('FoodKind', { cannedFood: 'Canned Food: ...', ... })`.
 */
export function describedEnum<const V extends string>(
  name: string,
  values: Readonly<Record<V, string>>,
): z.ZodEnum<[V, ...V[]]> {
  const keys = Object.keys(values) as V[];
  if (keys.length === 0) throw new Error(`describedEnum ${name}: no values`);
  const empty = keys.filter((key) => !values[key]?.trim());
  if (empty.length > 0) throw new Error(`describedEnum ${name}: no description for ${empty.join(', ')}`);
  return named(name, annotate(z.enum(keys as [V, ...V[]]), { valueDescriptions: values }));
}

/** An id that names an entity another subgraph owns; served as the id and as the entity itself. */
export function referenceTo<T extends z.ZodTypeAny>(typename: string, schema: T): T {
  return annotate(schema, { reference: typename });
}

/** A value whose structure is truly open (a record of printed tracks, say): served as the JSON scalar. */
export function openJson<T extends z.ZodTypeAny>(schema: T): T {
  return annotate(schema, { openJson: true });
}
