import { createHash } from 'node:crypto';
import { IconCatalogue } from './icons/icon-catalogue';
import type { ContentKindRegistry } from './kinds/registry';
import { ContentItem, GameItem, PackManifest } from './schema';

export interface LoadedPack {
  readonly manifest: PackManifest;
  readonly itemIds: readonly string[];
}

/**
 * The items of kind `K` among `Item`: the kind's own type where `Item` knows
 * the kinds (a game's union of its item types), otherwise any item of that kind.
 */
export type ItemOfKind<Item extends ContentItem, K extends string> = [Extract<Item, { kind: K }>] extends [never] ? Item & { readonly kind: K } : Extract<Item, { kind: K }>;

/**
 * All content packs, validated and indexed in memory. Content is read-only
 * per release, so a library is built once and shared; `hash` changes whenever
 * any pack's data does, which lets frontends cache by it.
 */
export class ContentLibrary<Item extends ContentItem = ContentItem> {
  private readonly byId = new Map<string, Item>();
  private readonly byKind = new Map<string, Item[]>();
  /** Alias → the id of the item it names (a type-free card's deck-qualified ids). */
  private readonly aliasOf = new Map<string, string>();

  constructor(
    readonly packs: readonly LoadedPack[],
    items: readonly Item[],
    readonly hash: string,
    /** The kinds the items are of, which say what each item links to. */
    readonly kinds: ContentKindRegistry,
    private readonly icons: ReadonlyMap<string, IconCatalogue> = new Map(),
  ) {
    for (const item of items) {
      this.byId.set(item.id, item);
      const list = this.byKind.get(item.kind) ?? [];
      list.push(item);
      this.byKind.set(item.kind, list);
      for (const alias of (item as { aliases?: readonly string[] }).aliases ?? []) this.aliasOf.set(alias, item.id);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Item | undefined {
    return this.byId.get(id);
  }

  /** The id of the item `idOrAlias` names: itself for an item id, the item's for one of its aliases, undefined otherwise. */
  resolveId(idOrAlias: string): string | undefined {
    return this.byId.has(idOrAlias) ? idOrAlias : this.aliasOf.get(idOrAlias);
  }

  getOfKind<K extends Item['kind']>(kind: K, id: string): ItemOfKind<Item, K> | undefined {
    const item = this.byId.get(id);
    return item && item.kind === kind ? (item as unknown as ItemOfKind<Item, K>) : undefined;
  }

  ofKind<K extends Item['kind']>(kind: K): readonly ItemOfKind<Item, K>[] {
    return (this.byKind.get(kind) ?? []) as unknown as ItemOfKind<Item, K>[];
  }

  /** Every item of one game, in pack order: what a rules procedure's `bind` prepares its content from. */
  itemsOfGame(gameId: string): readonly Item[] {
    return [...this.byId.values()].filter((item) => (item as { gameId?: string }).gameId === gameId);
  }

  games(): readonly GameItem[] {
    return (this.byKind.get('game') ?? []) as unknown as GameItem[];
  }

  isGame(id: string): boolean {
    return this.byId.get(id)?.kind === 'game';
  }

  /** The game's icon catalogue; empty for a game whose packs print no icons. */
  iconCatalogue(gameId: string): IconCatalogue {
    return this.icons.get(gameId) ?? IconCatalogue.empty(gameId);
  }

  /** Every (from, to) pair whose target is not in the library. */
  danglingLinks(): { from: string; to: string }[] {
    const dangling: { from: string; to: string }[] = [];
    for (const item of this.byId.values()) {
      for (const to of this.kinds.linksOf(item)) if (!this.byId.has(to)) dangling.push({ from: item.id, to });
    }
    return dangling;
  }
}

export function contentHash(chunks: readonly string[]): string {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex').slice(0, 16);
}
