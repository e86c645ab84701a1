import { ItemView } from '@scriptbook/content';
import { requestLoader } from '@scriptbook/platform';
import { ContentCatalog } from './content-catalog';

/**
 * Resolves the gateway's entity references for a set of kinds in one batch
 * per request, the same way every subgraph does, so a plan that fans out to
 * hundreds of cards costs one pass over them.
 */
export function loadReference(context: object, catalog: ContentCatalog, name: string, kinds: readonly string[], id: string): Promise<ItemView | null> {
  return requestLoader<string, ItemView | null>(context, `content:${name}`, async (ids) => ids.map((key) => catalog.getOfKinds(key, kinds) ?? null)).load(id);
}
