import type { CatalogAction } from '@scriptbook/client';

/** What the cache needs of `localStorage`. */
export interface CatalogStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The catalog an action's forms are made from, and whether it came from this device's copy (offline). */
export interface LoadedCatalog {
  readonly actions: readonly CatalogAction[];
  readonly fromDevice: boolean;
}

const keyOf = (gameId: string) => `scriptbook.play.catalog:${gameId}`;

/**
 * The server's action catalog of a game (with each action's JSON Schema),
 * kept on the device each time it is read, so the forms still appear when
 * the page is opened offline. The device's model judges every action
 * either way; the copy only draws the forms.
 */
export async function loadCatalog(gameId: string, fromServer: (gameId: string) => Promise<readonly CatalogAction[] | null>, storage: CatalogStorage): Promise<LoadedCatalog> {
  try {
    const actions = await fromServer(gameId);
    if (!actions) throw new Error(`The server keeps no campaigns of ${gameId}`);
    storage.setItem(keyOf(gameId), JSON.stringify(actions));
    return { actions, fromDevice: false };
  } catch (error) {
    const kept = storage.getItem(keyOf(gameId));
    if (kept === null) throw error;
    return { actions: JSON.parse(kept) as CatalogAction[], fromDevice: true };
  }
}
