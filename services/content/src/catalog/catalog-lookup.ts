import type { ContentItem, ContentKind, IconCatalogue, ZsLink } from '@scriptbook/content';
import type { KindGroup } from '../kinds/kind-entry';

/**
 * A content item as the graph serves it: the pack item itself plus the
 * fields the GraphQL types add. Links to other items are getters, so they
 * are looked up only when a query asks for them and views can point at
 * each other without building a cyclic graph up front.
 */
export type ItemView = ContentItem & { gameId: string } & Record<string, unknown>;

/** What a kind's view may look up while it is built: other items, groups and icons. */
export interface CatalogLookup {
  get(id: string): ItemView | undefined;
  ofKinds(kinds: readonly ContentKind[], gameId?: string): readonly ItemView[];
  ofGroup(group: KindGroup, gameId?: string): readonly ItemView[];
  icons(gameId: string): IconCatalogue;
  /** A text of the item cut into segment views (words, icons, links), for a view to serve beside the text. */
  segmentsOf(item: ContentItem, text: string): readonly object[];
}

export interface LinkView {
  type: ZsLink['type'];
  face: string | null;
  faceId: string | null;
  label: string | null;
  targetId: string | null;
  readonly target: ItemView | null;
  external: { book: string; ref: string } | null;
}

/** A scenario's setup steps and special rules in the shape every game shares, with their segments. */
export function sharedScenarioParts(
  item: ContentItem,
  lookup: CatalogLookup,
  steps: readonly { order: number | null; title: string; lines: readonly string[] }[],
  rules: readonly { name: string | null; text: string }[],
) {
  return {
    setupSteps: steps.map((step, index) => ({
      ...step,
      lineSegments: step.lines.map((line, n) => ({ field: `setupSteps.${index}.lines.${n}`, text: line, segments: lookup.segmentsOf(item, line) })),
    })),
    specialRules: rules.map((rule) => ({ ...rule, segments: lookup.segmentsOf(item, rule.text) })),
  };
}

export const compact = (texts: readonly (string | null | undefined)[]): string[] => texts.filter((text): text is string => !!text);

export function many(lookup: CatalogLookup, ids: readonly string[]): () => ItemView[] {
  return () => ids.map((id) => lookup.get(id)).filter((item): item is ItemView => item !== undefined);
}

export function one(lookup: CatalogLookup, id: string | null | undefined): () => ItemView | null {
  return () => (id ? (lookup.get(id) ?? null) : null);
}

/** Turns every function-valued field into a getter that calls it. */
export function withLazyLinks<T extends Record<string, unknown>>(fields: T): T {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'function') Object.defineProperty(view, key, { get: value as () => unknown, enumerable: true });
    else view[key] = value;
  }
  return view as T;
}

export function linkView(link: ZsLink, lookup: CatalogLookup): LinkView {
  const targetId = link.type === 'external' ? null : link.target;
  return withLazyLinks({
    type: link.type,
    face: link.type === 'die-face' ? link.face : null,
    faceId: link.type === 'die-face' ? link.faceId : null,
    label: link.type === 'choice' ? link.label : null,
    targetId,
    target: one(lookup, targetId),
    external: link.type === 'external' ? { book: link.book, ref: link.ref } : null,
  }) as unknown as LinkView;
}
