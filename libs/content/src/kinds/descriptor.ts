import { z } from 'zod';
import type { ContentLookup } from '../views/lookup';
import type { GameList, KindGroup } from './groups';

/** How a text names an item it links to: a script by its printed number, anything else by its name. */
export interface Citation {
  readonly scriptNumber?: number;
  readonly name?: string;
}

/**
 * One kind of content item, described once: its pack schema (which validates
 * the packs, types the code and, every field described, makes its GraphQL
 * type) and how the graph serves it. Pure data and functions, so a game's
 * kinds can live with the rest of the game.
 */
export interface ContentKindDescriptor<S extends z.AnyZodObject = z.AnyZodObject> {
  /** The items' schema; `kind` is a literal, the kind's name. */
  readonly schema: S;
  /** The GraphQL object type that serves the items. */
  readonly graphqlName: string;
  readonly description: string;
  /** The interfaces and unions the items are also served through (`Card`, `Scenario`, `GameMap`) and the lookups that find them. */
  readonly groups?: readonly KindGroup[];
  /** Whether the gateway may reference an item by the kind's own type name (`_entities` with it, not only with `Card`). */
  readonly entity?: boolean;
  /** Fields the view adds or reshapes, as schemas (described, so their types are derived); each replaces an item field of its name. */
  readonly viewFields?: z.ZodRawShape;
  /** Item fields the graph serves only under another name, through a view field. */
  readonly servedElsewhere?: readonly string[];
  /** The values of the view fields and of the group interfaces' fields the item does not have; a function value is computed when asked. */
  readonly view?: (item: z.infer<S>, lookup: ContentLookup) => Record<string, unknown>;
  /** The field of `Game` that lists a game's items of this kind. */
  readonly gameList?: GameList;
  /** How texts name an item of this kind when they link to it; by its name when absent. */
  readonly citedAs?: (item: z.infer<S>) => Citation;
  /** What is wrong across all items of the kind that no one item's schema can see, each a line for `content:validate`. */
  readonly packProblems?: (items: readonly z.infer<S>[], otherIds: ReadonlySet<string>) => string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContentKindDescriptor = ContentKindDescriptor<any>;

/** The kind's name, from the `kind` literal of its schema. */
export function kindOf(descriptor: AnyContentKindDescriptor): string {
  const literal = (descriptor.schema as z.AnyZodObject).shape.kind;
  if (!(literal instanceof z.ZodLiteral) || typeof literal.value !== 'string') {
    throw new Error(`${descriptor.graphqlName}: a content kind's schema has a string literal \`kind\``);
  }
  return literal.value;
}

/** A kind's descriptor, with its item type checked against its schema. */
export function defineContentKind<S extends z.AnyZodObject>(descriptor: ContentKindDescriptor<S>): ContentKindDescriptor<S> {
  kindOf(descriptor);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(descriptor.graphqlName)) throw new Error(`${descriptor.graphqlName}: not a PascalCase GraphQL type name`);
  return descriptor;
}
