import type { ItemOfKind } from '@scriptbook/content';
import { CatalogLookup, compact, many, one, sharedScenarioParts } from '../../catalog/catalog-lookup';
import { KindEntries } from '../kind-entry';
import { TwomCard } from './twom-card.model';
import {
  TwomCharacter,
  TwomComponent,
  TwomCoreSetup,
  TwomEnvelope,
  TwomLocation,
  TwomMapSide,
  TwomPhase,
  TwomTable,
  TwomTest,
  TwomTrack,
} from './twom-kinds.model';
import { TwomScenario } from './twom-scenario.model';

function scenarioFields(item: ItemOfKind<'twom-scenario'>, lookup: CatalogLookup) {
  return {
    number: null,
    summary: item.overview,
    ...sharedScenarioParts(
      item,
      lookup,
      item.setup.steps.map((step) => ({ order: step.order, title: step.heading, lines: compact([step.text, ...step.bullets]) })),
      item.specialRules.map((rule) => ({ name: rule.name, text: rule.text })),
    ),
    cards: many(lookup, item.cardIds),
    characters: many(lookup, item.characterIds),
    tracks: many(lookup, item.trackIds),
    components: many(lookup, item.componentIds),
    envelope: one(lookup, item.envelopeId),
  };
}

function cardFields(item: ItemOfKind<'twom-card'>, lookup: CatalogLookup) {
  return {
    deckId: item.deckId ?? null,
    deck: one(lookup, item.deckId),
    tags: [],
    texts: compact([item.text, ...item.options.map((option) => `${option.label}: ${option.text}`)]),
    rollTables: many(lookup, item.rollTableIds),
    tracks: many(lookup, item.trackIds),
  };
}

/** This War of Mine: the core game (001), Tales from the Ruined City (000) and Tactics (002). */
export const TWOM_KINDS: KindEntries<
  | 'twom-scenario'
  | 'twom-setup'
  | 'twom-card'
  | 'twom-character'
  | 'twom-track'
  | 'twom-envelope'
  | 'twom-location'
  | 'twom-component'
  | 'twom-phase'
  | 'twom-table'
  | 'twom-test'
  | 'twom-map-side'
> = {
  'twom-scenario': { type: TwomScenario, groups: ['scenario'], entity: true, view: scenarioFields },
  'twom-setup': { type: TwomCoreSetup },
  'twom-card': { type: TwomCard, groups: ['card'], entity: true, view: cardFields },
  'twom-character': { type: TwomCharacter },
  'twom-track': { type: TwomTrack },
  'twom-envelope': { type: TwomEnvelope },
  'twom-location': { type: TwomLocation },
  'twom-component': { type: TwomComponent },
  'twom-phase': { type: TwomPhase, view: (item, lookup) => ({ ruleSection: one(lookup, item.ruleSectionId) }) },
  'twom-table': {
    type: TwomTable,
    view: (item) => ({
      rows: item.rows.map((row) => ({ ...row, values: Object.entries(row.values).map(([key, value]) => ({ key, value: String(value) })) })),
    }),
  },
  'twom-test': { type: TwomTest, view: (item, lookup) => ({ die: one(lookup, item.dieId) }) },
  'twom-map-side': { type: TwomMapSide, groups: ['map'] },
};
