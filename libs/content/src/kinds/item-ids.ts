import { z } from 'zod';
import { innerSchema } from '@scriptbook/schema';
import { ContentAnnotations, contentAnnotationsOf } from './annotations';

type Collect = (value: unknown, out: string[]) => void;

/** The schema under its optional, nullable, default and refinement wrappers. */
export function coreOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  let current = schema;
  for (let inner = innerSchema(current); inner; inner = innerSchema(current)) current = inner;
  return current;
}

function collectIds(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const element of value) if (typeof element === 'string') out.push(element);
}

/**
 * The function that gathers, from a value of `schema`, every id in a field
 * whose annotation `wanted` accepts: walked once per schema, so reading the
 * ids of an item costs one pass over the fields that can hold them.
 */
export function idCollector(schema: z.ZodTypeAny, wanted: (pointsAt: NonNullable<ContentAnnotations['pointsAt']>) => boolean): Collect | null {
  const pointsAt = contentAnnotationsOf(schema).pointsAt;
  if (pointsAt) return wanted(pointsAt) ? collectIds : null;
  const core = coreOf(schema);
  if (core instanceof z.ZodObject) {
    const fields = Object.entries(core.shape as z.ZodRawShape).flatMap(([key, field]) => {
      const collect = idCollector(field, wanted);
      return collect ? [[key, collect] as const] : [];
    });
    if (fields.length === 0) return null;
    return (value, out) => {
      if (!value || typeof value !== 'object') return;
      for (const [key, collect] of fields) collect((value as Record<string, unknown>)[key], out);
    };
  }
  if (core instanceof z.ZodArray) {
    const collect = idCollector(core.element, wanted);
    return collect && ((value, out) => Array.isArray(value) && value.forEach((element) => collect(element, out)));
  }
  if (core instanceof z.ZodRecord) {
    const collect = idCollector(core.valueSchema, wanted);
    return collect && ((value, out) => value && typeof value === 'object' && Object.values(value).forEach((element) => collect(element, out)));
  }
  if (core instanceof z.ZodDiscriminatedUnion) {
    const byTag = new Map<unknown, Collect>();
    for (const option of core.options as z.AnyZodObject[]) {
      const collect = idCollector(option, wanted);
      if (collect) byTag.set((option.shape[core.discriminator] as z.ZodLiteral<unknown>).value, collect);
    }
    if (byTag.size === 0) return null;
    return (value, out) => {
      if (value && typeof value === 'object') byTag.get((value as Record<string, unknown>)[core.discriminator])?.(value, out);
    };
  }
  return null;
}
