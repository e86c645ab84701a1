import type { ContentKind } from '@scriptbook/content';

/**
 * The GraphQL object type that serves each pack kind. A `Record` over every
 * kind, so adding a kind to the pack schema without a type fails to compile.
 */
export const GRAPHQL_TYPE_OF_KIND: Readonly<Record<ContentKind, string>> = {
  game: 'Game',
  module: 'GameModule',
  'roll-table': 'RollTable',
  die: 'Die',
  'rule-section': 'RuleSection',
  deck: 'Deck',
  'glossary-entry': 'GlossaryEntry',
  'twom-scenario': 'TwomScenario',
  'twom-setup': 'TwomCoreSetup',
  'twom-card': 'TwomCard',
  'twom-character': 'TwomCharacter',
  'twom-track': 'TwomTrack',
  'twom-envelope': 'TwomEnvelope',
  'twom-location': 'TwomLocation',
  'twom-component': 'TwomComponent',
  'twom-phase': 'TwomPhase',
  'twom-table': 'TwomTable',
  'twom-test': 'TwomTest',
  'twom-map-side': 'TwomMapSide',
  'hope-card-type': 'HopeCardType',
  'hope-game-structure': 'HopeGameStructure',
  'hope-turn-step': 'HopeTurnStep',
  'zs-component': 'ZsComponent',
  'zs-token': 'ZsToken',
  'zs-event-tag': 'ZsEventTag',
  'zs-help-card': 'ZsHelpCard',
  'zs-card': 'ZsCard',
  'zs-scenario': 'ZsScenario',
  'zs-map': 'ZsMap',
  'zs-script': 'Script',
  'zs-scoring': 'ZsScoring',
};

export const CONTENT_KINDS = Object.keys(GRAPHQL_TYPE_OF_KIND) as ContentKind[];

/** Kinds served through the `Scenario` interface. */
export const SCENARIO_KINDS = ['twom-scenario', 'zs-scenario'] as const satisfies readonly ContentKind[];

/**
 * Kinds served through the `Card` interface: the printed cards of both
 * games, Hope Inhumanity's card types (the seed describes its cards by
 * type) and the Zone Survival round-order help card.
 */
export const CARD_KINDS = ['twom-card', 'zs-card', 'hope-card-type', 'zs-help-card'] as const satisfies readonly ContentKind[];

export const MAP_KINDS = ['zs-map', 'twom-map-side'] as const satisfies readonly ContentKind[];

export function isContentKind(kind: string): kind is ContentKind {
  return Object.prototype.hasOwnProperty.call(GRAPHQL_TYPE_OF_KIND, kind);
}

export function graphqlTypeOf(kind: string): string {
  if (!isContentKind(kind)) throw new Error(`no GraphQL type serves content kind "${kind}"`);
  return GRAPHQL_TYPE_OF_KIND[kind];
}
