import { z } from 'zod';
import { servedAs } from '@scriptbook/schema';
import { AnyContentKindDescriptor, Citation, kindOf } from './descriptor';
import { GroupDescriptor, KIND_GROUPS, KIND_GROUP_NAMES, KindGroup } from './groups';
import { idCollector } from './item-ids';
import { ContentItemFields } from './served-shapes';

/** The kind every game's own item is; `Game` lists the game's items of the other kinds. */
export const GAME_KIND = 'game';

/** A list field of `Game`, where it comes from and what it serves. */
export interface ServedGameList {
  readonly field: string;
  readonly description: string;
  /** The GraphQL type of each item in it. */
  readonly typeName: string;
  /** Which items it lists: those of one kind, or of one group. */
  readonly source: { readonly kind: string } | { readonly group: KindGroup };
}

type Item = { readonly kind: string };

/**
 * The content kinds one service serves, from one list of descriptors:
 * the pack schema that validates items of any of them, the ids an item
 * points at, and the shape each kind is served in. Everything a service
 * knows of the kinds comes from here, so it never names one.
 */
export class ContentKindRegistry {
  readonly kinds: readonly string[];
  /** Validates an item of any of the kinds, discriminated by `kind`. */
  readonly itemSchema: z.ZodTypeAny;
  private readonly byKind = new Map<string, AnyContentKindDescriptor>();
  private readonly links = new Map<string, ((value: unknown, out: string[]) => void) | null>();
  private readonly cited = new Map<string, ((value: unknown, out: string[]) => void) | null>();
  private readonly shapes = new Map<string, z.AnyZodObject>();

  constructor(readonly descriptors: readonly AnyContentKindDescriptor[]) {
    const names = new Set<string>();
    for (const descriptor of descriptors) {
      const kind = kindOf(descriptor);
      if (this.byKind.has(kind)) throw new Error(`content kind ${kind} is described twice`);
      if (names.has(descriptor.graphqlName)) throw new Error(`GraphQL type ${descriptor.graphqlName} serves two content kinds`);
      names.add(descriptor.graphqlName);
      this.byKind.set(kind, descriptor);
      this.links.set(kind, idCollector(descriptor.schema, () => true));
      this.cited.set(kind, idCollector(descriptor.schema, (pointsAt) => pointsAt.cited));
    }
    if (!this.byKind.has(GAME_KIND)) throw new Error(`the content kinds need the ${GAME_KIND} kind: every item belongs to a game`);
    this.kinds = [...this.byKind.keys()];
    const schemas = descriptors.map((descriptor) => descriptor.schema) as unknown as [z.AnyZodObject, ...z.AnyZodObject[]];
    this.itemSchema = z.discriminatedUnion('kind', schemas);
    const fields = new Set<string>();
    for (const list of this.gameLists()) {
      if (fields.has(list.field)) throw new Error(`Game.${list.field} is contributed twice; give one kind another gameList field`);
      fields.add(list.field);
    }
  }

  has(kind: string): boolean {
    return this.byKind.has(kind);
  }

  descriptor(kind: string): AnyContentKindDescriptor {
    const descriptor = this.byKind.get(kind);
    if (!descriptor) throw new Error(`no descriptor serves content kind "${kind}"`);
    return descriptor;
  }

  /** The kinds served through one interface, union or lookup, e.g. every `card` kind behind `Card`. */
  inGroup(group: KindGroup): string[] {
    return this.kinds.filter((kind) => this.descriptor(kind).groups?.includes(group));
  }

  /** The groups that have members, with how each is served. */
  groups(): { group: KindGroup; descriptor: GroupDescriptor; kinds: string[] }[] {
    return KIND_GROUP_NAMES.map((group) => ({ group, descriptor: KIND_GROUPS[group] as GroupDescriptor, kinds: this.inGroup(group) })).filter(
      (entry) => entry.kinds.length > 0,
    );
  }

  /** The ids an item points at, for link checking. A reference to a book the seeds do not contain is not an id and is not listed. */
  linksOf(item: Item): string[] {
    const out: string[] = [];
    this.links.get(item.kind)?.(item, out);
    return out;
  }

  /** The ids an item's own texts name, so their segments can link them. */
  citedIdsOf(item: Item): string[] {
    const out: string[] = [];
    this.cited.get(item.kind)?.(item, out);
    return out;
  }

  /** How texts name an item of this kind when they link to it. */
  citationOf(item: Item & { readonly name: string }): Citation {
    return this.descriptor(item.kind).citedAs?.(item) ?? { name: item.name };
  }

  /** Problems across the items of each kind, as its descriptor finds them. */
  packProblems(items: readonly Item[], ids: ReadonlySet<string>): string[] {
    return this.descriptors.flatMap((descriptor) => {
      if (!descriptor.packProblems) return [];
      const kind = kindOf(descriptor);
      return descriptor.packProblems(
        items.filter((item) => item.kind === kind),
        ids,
      );
    });
  }

  /** Every list field of `Game`: one for each kind or group that declares one. */
  gameLists(): ServedGameList[] {
    const fromKinds = this.descriptors.flatMap((descriptor): ServedGameList[] =>
      descriptor.gameList ? [{ ...descriptor.gameList, typeName: descriptor.graphqlName, source: { kind: kindOf(descriptor) } }] : [],
    );
    const fromGroups = this.groups().flatMap(({ group, descriptor }): ServedGameList[] => {
      if (!descriptor.gameList) return [];
      const serving = descriptor.serving;
      const typeName = 'interface' in serving ? serving.interface : 'union' in serving ? serving.union : undefined;
      return typeName ? [{ ...descriptor.gameList, typeName, source: { group } }] : [];
    });
    return [...fromKinds, ...fromGroups];
  }

  /** The interfaces (beyond `ContentItem`) a kind is served through, with the fields each declares. */
  interfacesOf(kind: string): { name: string; fields: z.AnyZodObject; entity: boolean }[] {
    return (this.descriptor(kind).groups ?? []).flatMap((group) => {
      const serving = (KIND_GROUPS[group] as GroupDescriptor).serving;
      return 'interface' in serving ? [{ name: serving.interface, fields: serving.fields, entity: serving.entity }] : [];
    });
  }

  /**
   * Every field a kind's items are served with: the item's own, its view
   * fields in place of item fields of the same name, the fields of its
   * interfaces as they declare them, and for a game its lists. Its GraphQL
   * type and its served values are both made from this one shape.
   */
  servedShape(kind: string): z.AnyZodObject {
    const known = this.shapes.get(kind);
    if (known) return known;
    const descriptor = this.descriptor(kind);
    const own = { ...(descriptor.schema.shape as z.ZodRawShape) };
    for (const field of descriptor.servedElsewhere ?? []) delete own[field];
    const interfaces = [ContentItemFields, ...this.interfacesOf(kind).map((entry) => entry.fields)].map((fields) => fields.shape as z.ZodRawShape);
    const lists = kind === GAME_KIND ? Object.fromEntries(this.gameLists().map((list) => [list.field, z.array(servedAs(list.typeName, z.unknown())).describe(list.description)])) : {};
    const shape = z.object(Object.assign({}, own, descriptor.viewFields ?? {}, lists, ...interfaces)).describe(descriptor.description);
    this.shapes.set(kind, shape);
    return shape;
  }
}
