import { z } from 'zod';
import { descriptionOf, graphqlAnnotationsOf } from '@scriptbook/schema';
import { arrayElement, enumValues, isIntegerNumber, objectShape, recordValue, typeNameOf, unionOptions, unwrap } from './zod-kinds';

const K = z.ZodFirstPartyTypeKind;

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (2020-12) of a zod schema: what a JSON caller (replay, a
 * form generator) sends. Enum values are the schema's own (`"cannedFood"`),
 * not their GraphQL spellings; records stay objects.
 */
export function zodToJsonSchema(schema: z.ZodTypeAny, title?: string): JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...(title ? { title } : {}), ...convert(schema) };
}

function convert(schema: z.ZodTypeAny): JsonSchema {
  const { core, nullable } = unwrap(schema);
  const description = descriptionOf(schema);
  const body = convertCore(core);
  const typed = nullable ? { anyOf: [body, { type: 'null' }] } : body;
  return description ? { ...typed, description } : typed;
}

function convertCore(core: z.ZodTypeAny): JsonSchema {
  const annotations = graphqlAnnotationsOf(core);
  if (annotations.openJson) return {};
  switch (typeNameOf(core)) {
    case K.ZodString:
      return { type: 'string', ...stringBounds(core) };
    case K.ZodNumber:
      return { type: isIntegerNumber(core) ? 'integer' : 'number', ...numberBounds(core) };
    case K.ZodBoolean:
      return { type: 'boolean' };
    case K.ZodLiteral:
      return { const: (core._def as { value: unknown }).value };
    case K.ZodEnum:
    case K.ZodNativeEnum: {
      const values = enumValues(core);
      const descriptions = annotations.valueDescriptions;
      if (!descriptions) return { enum: values };
      return { oneOf: values.map((value) => ({ const: value, ...(descriptions[String(value)] ? { description: descriptions[String(value)] } : {}) })) };
    }
    case K.ZodArray:
      return { type: 'array', items: convert(arrayElement(core)), ...arrayBounds(core) };
    case K.ZodRecord:
      return { type: 'object', additionalProperties: convert(recordValue(core)) };
    case K.ZodObject: {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [field, fieldSchema] of Object.entries(objectShape(core))) {
        properties[field] = convert(fieldSchema);
        if (!unwrap(fieldSchema).optional) required.push(field);
      }
      const strict = (core._def as { unknownKeys?: string }).unknownKeys === 'strict';
      return {
        ...(annotations.graphqlName ? { title: annotations.graphqlName } : {}),
        type: 'object',
        properties,
        required,
        ...(strict ? { additionalProperties: false } : {}),
      };
    }
    case K.ZodUnion:
    case K.ZodDiscriminatedUnion:
      return { oneOf: unionOptions(core).map(convert) };
    default:
      return {};
  }
}

type Check = { kind: string; value?: number; inclusive?: boolean };

function checksOf(core: z.ZodTypeAny): Check[] {
  return (core._def as { checks?: Check[] }).checks ?? [];
}

function numberBounds(core: z.ZodTypeAny): JsonSchema {
  const out: JsonSchema = {};
  for (const check of checksOf(core)) {
    if (check.kind === 'min') out[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
    if (check.kind === 'max') out[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
  }
  return out;
}

function stringBounds(core: z.ZodTypeAny): JsonSchema {
  const out: JsonSchema = {};
  for (const check of checksOf(core)) {
    if (check.kind === 'min') out.minLength = check.value;
    if (check.kind === 'max') out.maxLength = check.value;
  }
  return out;
}

function arrayBounds(core: z.ZodTypeAny): JsonSchema {
  const def = core._def as { minLength?: { value: number } | null; maxLength?: { value: number } | null; exactLength?: { value: number } | null };
  const out: JsonSchema = {};
  if (def.exactLength) {
    out.minItems = def.exactLength.value;
    out.maxItems = def.exactLength.value;
  }
  if (def.minLength) out.minItems = def.minLength.value;
  if (def.maxLength) out.maxItems = def.maxLength.value;
  return out;
}
