import { z } from 'zod';
import { innerSchema, servedBeside } from '@scriptbook/schema';

/**
 * What a field of a kind's schema says about the items it connects and the
 * texts it prints, beyond its GraphQL form. Kept on the schema's own
 * definition, as the GraphQL annotations are, so `.describe()` and
 * `.optional()` keep it.
 */
export interface ContentAnnotations {
  /** The field holds the id of another item (or a list of them): the loader checks each exists and `linksOf` lists it. */
  readonly pointsAt?: {
    /** The item's texts name the target ("Script 121", a card's name), so their segments link it. */
    readonly cited: boolean;
  };
  /** The field is a printed text (or, with `each`, a list of them) served beside as its segments, under `name`. */
  readonly segments?: { readonly name: string; readonly each: boolean };
}

type Annotated = { _def: ContentAnnotations };

function annotate<T extends z.ZodTypeAny>(schema: T, annotations: ContentAnnotations): T {
  const Schema = schema.constructor as new (def: unknown) => T;
  return new Schema({ ...schema._def, ...annotations });
}

/** The content annotations of a field, looking through optional, nullable, default and refinements. */
export function contentAnnotationsOf(schema: z.ZodTypeAny): ContentAnnotations {
  const found: { pointsAt?: ContentAnnotations['pointsAt']; segments?: ContentAnnotations['segments'] } = {};
  for (let current: z.ZodTypeAny | undefined = schema; current; current = innerSchema(current)) {
    const def = (current as unknown as Annotated)._def;
    found.pointsAt ??= def.pointsAt;
    found.segments ??= def.segments;
  }
  return found;
}

function isList(schema: z.ZodTypeAny): boolean {
  let current = schema;
  for (let inner = innerSchema(current); inner; inner = innerSchema(current)) current = inner;
  return current instanceof z.ZodArray;
}

/** An id (or ids) of other items, served as the id: the loader checks the target exists. */
export function pointsAt<T extends z.ZodTypeAny>(schema: T, options: { cited?: boolean } = {}): T {
  return annotate(schema, { pointsAt: { cited: options.cited ?? false } });
}

/**
 * An id (or ids) of other items served beside the id as the item itself, of
 * GraphQL type `typename`, under the field's name without `Id` (`dieId` →
 * `die`, `rollTableIds` → `rollTables`). `description` is that field's.
 */
export function linkTo<T extends z.ZodTypeAny>(typename: string, schema: T, description: string, options: { cited?: boolean } = {}): T {
  return pointsAt(servedBeside(schema, { type: typename, list: isList(schema), description }), options);
}

export const TEXT_SEGMENT_TYPE = 'TextSegment';
export const SEGMENTED_TEXT_TYPE = 'SegmentedText';

/** A printed text served beside as its segments (words, icons, links), `segments` unless named otherwise. */
export function withSegments<T extends z.ZodTypeAny>(schema: T, description = '`text` cut into words, icons and links.', name = 'segments'): T {
  return servedBeside(annotate(schema, { segments: { name, each: false } }), { name, type: TEXT_SEGMENT_TYPE, list: true, description });
}

/** A list of printed texts served beside as one segmented text each (`lines` → `lineSegments`), in the same order. */
export function withEachSegmented<T extends z.ZodTypeAny>(schema: T, name: string, description: string): T {
  return servedBeside(annotate(schema, { segments: { name, each: true } }), { name, type: SEGMENTED_TEXT_TYPE, list: true, description });
}
