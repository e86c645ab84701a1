import { z } from 'zod';
import { companionFieldName, graphqlAnnotationsOf } from '@scriptbook/schema';
import { contentAnnotationsOf } from '../kinds/annotations';
import { coreOf } from '../kinds/item-ids';
import { withLazyLinks } from './lazy-fields';
import { ContentLookup } from './lookup';

/** What serving a value needs: the item it belongs to, where to look other items up, and its texts' segments. */
export interface ServingContext {
  readonly lookup: ContentLookup;
  readonly segmentsOf: (text: string) => readonly object[];
}

/** Turns a value of a served shape into what its GraphQL type serves; `path` is the value's dotted place in the item. */
export type Serve = (value: unknown, context: ServingContext, path: string) => unknown;

type Step = (from: Record<string, unknown>, to: Record<string, unknown>, context: ServingContext, path: string) => void;

const at = (path: string, field: string) => (path ? `${path}.${field}` : field);

function itemsOf(lookup: ContentLookup, ids: unknown): unknown[] {
  return Array.isArray(ids) ? ids.flatMap((id) => lookup.get(id as string) ?? []) : [];
}

/** The fields a field is served with beside it: the item an id names, the segments of a text. */
function companionSteps(field: string, schema: z.ZodTypeAny): Step[] {
  const content = contentAnnotationsOf(schema);
  const steps: Step[] = [];
  const segments = content.segments;
  if (segments && !segments.each) {
    steps.push((from, to, context) => {
      const text = from[field];
      to[segments.name] = typeof text === 'string' ? context.segmentsOf(text) : null;
    });
  }
  if (segments?.each) {
    steps.push((from, to, context, path) => {
      const texts = (from[field] ?? []) as string[];
      to[segments.name] = texts.map((text, n) => ({ field: `${at(path, field)}.${n}`, text, segments: context.segmentsOf(text) }));
    });
  }
  if (content.pointsAt) {
    for (const companion of graphqlAnnotationsOf(schema).companions ?? []) {
      const name = companionFieldName(field, companion);
      if (name === segments?.name) continue;
      steps.push((from, to, context) => {
        const ids = from[field];
        to[name] = companion.list ? () => itemsOf(context.lookup, ids) : () => (typeof ids === 'string' ? (context.lookup.get(ids) ?? null) : null);
      });
    }
  }
  return steps;
}

function nullSafe(serve: Serve): Serve {
  return (value, context, path) => (value === null || value === undefined ? value : serve(value, context, path));
}

function objectServing(shape: z.ZodRawShape): Serve | null {
  const steps: Step[] = [];
  for (const [field, schema] of Object.entries(shape)) {
    const inner = servingOf(schema);
    if (inner) {
      steps.push((from, to, context, path) => {
        if (typeof from[field] !== 'function') to[field] = inner(from[field], context, at(path, field));
      });
    }
    steps.push(...companionSteps(field, schema));
  }
  if (steps.length === 0) return null;
  return nullSafe((value, context, path) => {
    const from = value as Record<string, unknown>;
    const to = { ...from };
    for (const step of steps) step(from, to, context, path);
    return withLazyLinks(to);
  });
}

const compiled = new WeakMap<z.ZodTypeAny, Serve | null>();

/**
 * The function that serves a value of `schema`: beside each annotated field
 * it puts the segments of the text or the item the id names (a getter, so
 * items are looked up when asked), and records become key and value lists as
 * GraphQL serves them. Null when the value is served as it is. Compiled once
 * per schema.
 */
export function servingOf(schema: z.ZodTypeAny): Serve | null {
  if (compiled.has(schema)) return compiled.get(schema)!;
  compiled.set(schema, null);
  const core = coreOf(schema);
  let serve: Serve | null = null;
  if (core instanceof z.ZodObject) serve = objectServing(core.shape as z.ZodRawShape);
  else if (core instanceof z.ZodArray) {
    const element = servingOf(core.element);
    serve = element && nullSafe((value, context, path) => (value as unknown[]).map((one, index) => element(one, context, at(path, String(index)))));
  } else if (core instanceof z.ZodRecord) {
    const element = servingOf(core.valueSchema);
    serve = nullSafe((value, context, path) =>
      Object.entries(value as Record<string, unknown>).map(([key, one]) => ({ key, value: element ? element(one, context, at(path, key)) : one })),
    );
  }
  compiled.set(schema, serve);
  return serve;
}
