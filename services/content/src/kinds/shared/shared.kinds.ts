import type { CatalogLookup } from '../../catalog/catalog-lookup';
import { iconView } from '../../catalog/icon-view';
import { KindEntries } from '../kind-entry';
import { Game } from './game.model';
import { Deck, Die, GameModule, GlossaryEntry, RollTable, RuleSection } from './shared-kinds.model';

function gameFields(id: string, lookup: CatalogLookup) {
  return {
    gameId: id,
    modules: () => lookup.ofKinds(['module'], id),
    scenarios: () => lookup.ofGroup('scenario', id),
    decks: () => lookup.ofKinds(['deck'], id),
    maps: () => lookup.ofGroup('map', id),
    rollTables: () => lookup.ofKinds(['roll-table'], id),
    dice: () => lookup.ofKinds(['die'], id),
    glossary: () => lookup.ofKinds(['glossary-entry'], id),
    characters: () => lookup.ofKinds(['twom-character'], id),
    tracks: () => lookup.ofKinds(['twom-track'], id),
    icons: lookup.icons(id).icons.map((icon) => iconView(icon, lookup.icons(id))),
  };
}

/** Kinds every game uses in the same shape. */
export const SHARED_KINDS: KindEntries<'game' | 'module' | 'roll-table' | 'die' | 'rule-section' | 'deck' | 'glossary-entry'> = {
  game: { type: Game, entity: true, view: (item, lookup) => gameFields(item.id, lookup) },
  module: { type: GameModule },
  'roll-table': { type: RollTable },
  die: {
    type: Die,
    view: (item, lookup) => ({
      faceIconIds: item.faces && item.faces.map((face) => (typeof face === 'string' ? (lookup.icons(item.gameId).canonicalId(face) ?? null) : null)),
    }),
  },
  'rule-section': { type: RuleSection },
  deck: { type: Deck },
  'glossary-entry': { type: GlossaryEntry },
};
