import type { IconCatalogue, IconEntry } from '@scriptbook/content';

/** An icon as the graph serves it: the catalogue entry with every spelling that maps onto it. */
export interface IconView extends Omit<IconEntry, 'meaningSource' | 'rolledOn'> {
  spellings: string[];
  meaningSource: string | null;
  rolledOn: IconEntry['rolledOn'] | null;
}

export function iconView(icon: IconEntry, icons: IconCatalogue): IconView {
  return { ...icon, spellings: icons.spellingsOf(icon.id), meaningSource: icon.meaningSource ?? null, rolledOn: icon.rolledOn ?? null };
}
