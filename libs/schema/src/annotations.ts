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
  /** The description the schema had when it was named: the type's own, whatever a field that uses it says. */
  readonly typeDescription?: string;
  /** Enum value → what it means, for every value of a `describedEnum`. */
  readonly valueDescriptions?: Readonly<Record<string, string>>;
  /** The federation entity an id points at (`Card`), served beside the raw id. */
  readonly reference?: string;
  /** Structure that is truly open: served as the JSON scalar. */
  readonly openJson?: boolean;
  /** A string that is an identifier: served as `ID`. */
  readonly graphqlId?: boolean;
  /** A value served by a GraphQL type made elsewhere, by its name (an interface, a union, a type of another schema). */
  readonly servedAs?: string;
  /** Fields served beside this one, whose values the subgraph derives from it (the item an id names, a text cut into parts). */
  readonly companions?: readonly CompanionField[];
}

/**
 * A field served beside the annotated one, of a type made elsewhere: the
 * item an id names (`dieId` → `die`), the parts a text is cut into. It is a
 * list when `list` says so, and nullable when the annotated field is.
 */
export interface CompanionField {
  /** Its name; absent, it is named after the annotated field as a reference is (`rollTableIds` → `rollTables`). */
  readonly name?: string;
  /** The GraphQL type name of its value (or of each item, for a list). */
  readonly type: string;
  readonly list: boolean;
  readonly description: string;
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
    typeDescription: def.typeDescription,
    valueDescriptions: def.valueDescriptions,
    reference: def.reference,
    openJson: def.openJson,
    graphqlId: def.graphqlId,
    servedAs: def.servedAs,
    companions: def.companions,
  };
  if (!inner) return own;
  const below = graphqlAnnotationsOf(inner);
  return {
    graphqlName: own.graphqlName ?? below.graphqlName,
    typeDescription: own.typeDescription ?? below.typeDescription,
    valueDescriptions: own.valueDescriptions ?? below.valueDescriptions,
    reference: own.reference ?? below.reference,
    openJson: own.openJson ?? below.openJson,
    graphqlId: own.graphqlId ?? below.graphqlId,
    servedAs: own.servedAs ?? below.servedAs,
    companions: [...(own.companions ?? []), ...(below.companions ?? [])],
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
  return annotate(schema, { graphqlName: name, typeDescription: descriptionOf(schema) });
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

/** A string that identifies something (an item, an icon): served as GraphQL's `ID`. */
export function graphqlId<T extends z.ZodTypeAny>(schema: T): T {
  return annotate(schema, { graphqlId: true });
}

/** A value served by the GraphQL type `typename`, made elsewhere (an interface or a union, say); ZodGraphQLTypes finds it with its `namedTypes` option. */
export function servedAs<T extends z.ZodTypeAny>(typename: string, schema: T): T {
  return annotate(schema, { servedAs: typename });
}

/** Serves `companion` beside the field this schema is (`dieId` and `die`); its type is found with ZodGraphQLTypes' `namedTypes` option. */
export function servedBeside<T extends z.ZodTypeAny>(schema: T, companion: CompanionField): T {
  const own = (schema as unknown as Annotated)._def.companions ?? [];
  return annotate(schema, { companions: [...own, companion] });
}

/** A value whose structure is truly open (a record of printed tracks, say): served as the JSON scalar. */
export function openJson<T extends z.ZodTypeAny>(schema: T): T {
  return annotate(schema, { openJson: true });
}

/**
 * The field that serves the entity an id names: `scenarioId` → `scenario`,
 * `cardIds` → `cards`, an item's `id` → `card`. A reference must be named that way, so the pair reads
 * naturally in a query and the rule needs no configuration.
 */
export function referenceFieldName(idField: string, typename: string): string {
  // An item's own `id` points at the entity the item stands for: `id` → `card`.
  if (idField === 'id') return typename.charAt(0).toLowerCase() + typename.slice(1);
  if (idField.endsWith('Ids') && idField.length > 3) return `${idField.slice(0, -3)}s`;
  if (idField.endsWith('Id') && idField.length > 2) return idField.slice(0, -2);
  throw new Error(`${idField}: a field holding entity ids must be named <thing>Id or <thing>Ids`);
}

/** The name a companion field is served under beside `field`. */
export function companionFieldName(field: string, companion: CompanionField): string {
  return companion.name ?? referenceFieldName(field, companion.type);
}
