import type { IconCatalogue } from '../icons/icon-catalogue';
import type { IconEntry } from '../icons/icon-catalogue.schema';

/** An icon as the graph serves it: the catalogue entry with every spelling that maps onto it. */
export interface IconValue extends Omit<IconEntry, 'meaningSource' | 'rolledOn'> {
  spellings: string[];
  meaningSource: string | null;
  rolledOn: IconEntry['rolledOn'] | null;
}

export function iconView(icon: IconEntry, icons: IconCatalogue): IconValue {
  return { ...icon, spellings: icons.spellingsOf(icon.id), meaningSource: icon.meaningSource ?? null, rolledOn: icon.rolledOn ?? null };
}
