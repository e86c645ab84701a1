import { z } from 'zod';
import { innerSchema } from '@scriptbook/schema';

/** A schema with its wrappers peeled off, and whether they let the value be absent. */
export interface Unwrapped {
  readonly core: z.ZodTypeAny;
  /** Optional, nullable or defaulted somewhere in the wrapping. */
  readonly optional: boolean;
  /** Null itself is accepted (not only absence). */
  readonly nullable: boolean;
}

export function unwrap(schema: z.ZodTypeAny): Unwrapped {
  let optional = false;
  let nullable = false;
  let current = schema;
  for (let inner = innerSchema(current); inner; inner = innerSchema(current)) {
    const kind = typeNameOf(current);
    if (kind === z.ZodFirstPartyTypeKind.ZodNullable) nullable = true;
    if (kind === z.ZodFirstPartyTypeKind.ZodOptional || kind === z.ZodFirstPartyTypeKind.ZodNullable || kind === z.ZodFirstPartyTypeKind.ZodDefault) {
      optional = true;
    }
    current = inner;
  }
  return { core: current, optional, nullable };
}

export function typeNameOf(schema: z.ZodTypeAny): z.ZodFirstPartyTypeKind {
  return (schema._def as { typeName: z.ZodFirstPartyTypeKind }).typeName;
}

export function isIntegerNumber(schema: z.ZodTypeAny): boolean {
  const checks = (schema._def as { checks?: { kind: string }[] }).checks ?? [];
  return checks.some((check) => check.kind === 'int');
}

/** The fields of an object schema, in declaration order. */
export function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  return (schema as z.AnyZodObject).shape;
}

export function arrayElement(schema: z.ZodTypeAny): z.ZodTypeAny {
  return (schema._def as { type: z.ZodTypeAny }).type;
}

export function recordKey(schema: z.ZodTypeAny): z.ZodTypeAny {
  return (schema._def as { keyType: z.ZodTypeAny }).keyType;
}

export function recordValue(schema: z.ZodTypeAny): z.ZodTypeAny {
  return (schema._def as { valueType: z.ZodTypeAny }).valueType;
}

export function unionOptions(schema: z.ZodTypeAny): readonly z.ZodTypeAny[] {
  const options = (schema._def as { options: readonly z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny> }).options;
  return Array.isArray(options) ? options : [...(options as Map<unknown, z.ZodTypeAny>).values()];
}

export function enumValues(schema: z.ZodTypeAny): readonly (string | number)[] {
  const values = (schema._def as { values: readonly string[] | Record<string, string | number> }).values;
  if (Array.isArray(values)) return values;
  // Native enums carry reverse mappings for numeric members; keep the values only.
  const record = values as Record<string, string | number>;
  return Object.keys(record).filter((key) => typeof record[record[key]] !== 'number').map((key) => record[key]);
}

/** `cannedFood`, `night-raid`, `Red` → `CANNED_FOOD`, `NIGHT_RAID`, `RED`: the GraphQL spelling of an enum value. */
export function enumValueName(value: string | number): string {
  const text = String(value)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(text) ? text : `V_${text}`;
}

/** Whether a value can be a GraphQL enum value as written (`dice`, `I`; not `each-player`, `true` or `2`). */
export function isGraphQLName(value: string): boolean {
  return /^[_A-Za-z][_0-9A-Za-z]*$/.test(value) && !['true', 'false', 'null'].includes(value);
}

export function pascalCase(text: string): string {
  return text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());
}

/**
 * What stays the same when `.describe()` copies a schema: an object's shape
 * function, an enum's value list. Types are keyed by it, so a named schema
 * described differently where it is used is still one GraphQL type.
 */
export function identityOf(schema: z.ZodTypeAny): unknown {
  const def = schema._def as { shape?: unknown; values?: unknown; options?: unknown };
  return def.shape ?? def.values ?? def.options ?? schema;
}
