import { KindEntries } from '../kind-entry';
import { HopeCardType, HopeGameStructure, HopeTurnStep } from './hope-kinds.model';

/** Hope Inhumanity (003). Its card types are served as cards: the seed describes its cards by type. */
export const HOPE_KINDS: KindEntries<'hope-card-type' | 'hope-game-structure' | 'hope-turn-step'> = {
  'hope-card-type': {
    type: HopeCardType,
    groups: ['card'],
    entity: true,
    view: (item) => ({ deckId: null, deck: () => null, cardType: item.category, tags: [], texts: [item.text] }),
  },
  'hope-game-structure': { type: HopeGameStructure },
  'hope-turn-step': { type: HopeTurnStep },
};
