import { z } from 'zod';
import { graphqlAnnotationsOf } from '@scriptbook/schema';
import { referenceFieldName } from '@scriptbook/schema';
import { arrayElement, objectShape, recordValue, typeNameOf, unionOptions, unwrap } from './zod-kinds';

const K = z.ZodFirstPartyTypeKind;

type Convert = (value: unknown) => unknown;

/**
 * The function that turns a value of `schema` into what its GraphQL type
 * (from ZodGraphQLTypes) serves: records become key/value lists and every
 * served reference gets its entity stub (`{ id }`) beside the id. Compiled
 * once per schema; null when the value can be served as it is, so the hot
 * path costs nothing for schemas that need no change.
 */
export function compileOutput(schema: z.ZodTypeAny, references: ReadonlySet<string>): Convert | null {
  const { core } = unwrap(schema);
  if (graphqlAnnotationsOf(core).openJson) return null;
  switch (typeNameOf(core)) {
    case K.ZodObject:
      return compileObjectOutput(core, references);
    case K.ZodArray: {
      const item = compileOutput(arrayElement(core), references);
      return item ? nullSafe((value) => (value as unknown[]).map(item)) : null;
    }
    case K.ZodRecord: {
      const item = compileOutput(recordValue(core), references) ?? ((v: unknown) => v);
      return nullSafe((value) => Object.entries(value as object).map(([key, v]) => ({ key, value: item(v) })));
    }
    case K.ZodDiscriminatedUnion: {
      const discriminator = (core._def as { discriminator: string }).discriminator;
      const byTag = new Map<unknown, Convert | null>();
      for (const option of unionOptions(core)) {
        byTag.set((objectShape(option)[discriminator]._def as { value: unknown }).value, compileOutput(option, references));
      }
      if ([...byTag.values()].every((c) => c === null)) return null;
      return nullSafe((value) => {
        const convert = byTag.get((value as Record<string, unknown>)[discriminator]);
        return convert ? convert(value) : value;
      });
    }
    default:
      return null;
  }
}

function compileObjectOutput(core: z.ZodTypeAny, references: ReadonlySet<string>): Convert | null {
  const steps: ((from: Record<string, unknown>, to: Record<string, unknown>) => void)[] = [];
  for (const [field, schema] of Object.entries(objectShape(core))) {
    const inner = compileOutput(schema, references);
    if (inner) steps.push((from, to) => (to[field] = inner(from[field])));
    const { core: fieldCore } = unwrap(schema);
    const list = typeNameOf(fieldCore) === K.ZodArray;
    const target = graphqlAnnotationsOf(list ? unwrap(arrayElement(fieldCore)).core : fieldCore).reference;
    if (target && references.has(target)) {
      const refField = referenceFieldName(field, target);
      steps.push((from, to) => {
        const id = from[field];
        to[refField] = id == null ? id : list ? (id as string[]).map((one) => ({ id: one })) : { id };
      });
    }
  }
  if (steps.length === 0) return null;
  return nullSafe((value) => {
    const from = value as Record<string, unknown>;
    const to = { ...from };
    for (const step of steps) step(from, to);
    return to;
  });
}

/**
 * The function that turns GraphQL arguments of `schema`'s input type back
 * into the value the schema parses: an explicit null on an optional field
 * becomes absent (zod reads absent as "not given" and refuses null), and
 * key/value lists become records again. Always returns plain objects.
 */
export function compileInput(schema: z.ZodTypeAny): Convert {
  const { core } = unwrap(schema);
  switch (typeNameOf(core)) {
    case K.ZodObject: {
      const fields = Object.entries(objectShape(core)).map(([field, fieldSchema]) => ({
        field,
        nullable: unwrap(fieldSchema).nullable,
        convert: compileInput(fieldSchema),
      }));
      return nullSafe((value) => {
        const from = value as Record<string, unknown>;
        const to: Record<string, unknown> = {};
        for (const { field, nullable, convert } of fields) {
          const v = from[field];
          if (v === undefined || (v === null && !nullable)) continue;
          to[field] = convert(v);
        }
        // Unknown fields are kept so the schema, not this step, decides about them.
        for (const key of Object.keys(from)) if (!(key in to) && !fields.some((f) => f.field === key)) to[key] = from[key];
        return to;
      });
    }
    case K.ZodArray: {
      const item = compileInput(arrayElement(core));
      return nullSafe((value) => (Array.isArray(value) ? value.map(item) : value));
    }
    case K.ZodRecord: {
      const item = compileInput(recordValue(core));
      return nullSafe((value) =>
        Array.isArray(value) ? Object.fromEntries(value.map((entry: { key: string; value: unknown }) => [entry.key, item(entry.value)])) : value,
      );
    }
    default:
      return (value) => value;
  }
}

function nullSafe(convert: Convert): Convert {
  return (value) => (value === null || value === undefined ? value : convert(value));
}
