import { ContentItemLike } from '@scriptbook/rules-engine';

/** Where the stalker-zs pack lives, relative to this folder; specs read it with fs. */
export const ZS_PACK_DIR = '../../../../content/packs/stalker-zs';
export const ZS_PACK_FILES = ['scenarios.json', 'cards.json', 'scripts.json', 'maps.json', 'rules.json'];

/** Spec files pass their own file reader so the engine stays free of fs. */
export function loadZsPack(read: (file: string) => string): readonly ContentItemLike[] {
  return ZS_PACK_FILES.flatMap((file) => (JSON.parse(read(file)) as { items: ContentItemLike[] }).items);
}
