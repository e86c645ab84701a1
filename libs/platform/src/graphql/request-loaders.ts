import DataLoader from 'dataloader';

interface LoaderHolder {
  loaders?: Map<string, DataLoader<unknown, unknown>>;
}

/**
 * A DataLoader that lives as long as one request: entity references from the
 * gateway's `_entities` call arrive one by one and are fetched in one batch.
 */
export function requestLoader<K, V>(
  context: object,
  name: string,
  batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
): DataLoader<K, V> {
  const holder = context as LoaderHolder;
  holder.loaders ??= new Map();
  let loader = holder.loaders.get(name) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>(batch);
    holder.loaders.set(name, loader as DataLoader<unknown, unknown>);
  }
  return loader;
}

/** Orders fetched rows to match the requested keys; missing ones become null. */
export function alignByKey<K, V>(keys: readonly K[], rows: readonly V[], keyOf: (row: V) => K): (V | null)[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key) ?? null);
}
