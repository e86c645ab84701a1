import type { ContentItem, ContentKind, ItemOfKind, ZsLink } from '@scriptbook/content';

/**
 * A content item as the graph serves it: the pack item itself plus the
 * fields the GraphQL types add. Links to other items are getters, so they
 * are looked up only when a query asks for them and views can point at
 * each other without building a cyclic graph up front.
 */
export type ItemView = ContentItem & { gameId: string } & Record<string, unknown>;

export interface CatalogLookup {
  get(id: string): ItemView | undefined;
  ofKinds(kinds: readonly ContentKind[], gameId?: string): readonly ItemView[];
}

export interface LinkView {
  type: ZsLink['type'];
  face: string | null;
  label: string | null;
  targetId: string | null;
  readonly target: ItemView | null;
  external: { book: string; ref: string } | null;
}

const compact = (texts: readonly (string | null | undefined)[]): string[] => texts.filter((text): text is string => !!text);

export function linkView(link: ZsLink, lookup: CatalogLookup): LinkView {
  const targetId = link.type === 'external' ? null : link.target;
  return withLazyLinks({
    type: link.type,
    face: link.type === 'die-face' ? link.face : null,
    label: link.type === 'choice' ? link.label : null,
    targetId,
    target: one(lookup, targetId),
    external: link.type === 'external' ? { book: link.book, ref: link.ref } : null,
  }) as unknown as LinkView;
}

function many(lookup: CatalogLookup, ids: readonly string[]): () => ItemView[] {
  return () => ids.map((id) => lookup.get(id)).filter((item): item is ItemView => item !== undefined);
}

function one(lookup: CatalogLookup, id: string | null | undefined): () => ItemView | null {
  return () => (id ? (lookup.get(id) ?? null) : null);
}

function twomScenarioFields(item: ItemOfKind<'twom-scenario'>, lookup: CatalogLookup) {
  return {
    number: null,
    summary: item.overview,
    setupSteps: item.setup.steps.map((step) => ({
      order: step.order,
      title: step.heading,
      lines: compact([step.text, ...step.bullets]),
    })),
    specialRules: item.specialRules.map((rule) => ({ name: rule.name, text: rule.text })),
    cards: many(lookup, item.cardIds),
    characters: many(lookup, item.characterIds),
    tracks: many(lookup, item.trackIds),
    components: many(lookup, item.componentIds),
    envelope: one(lookup, item.envelopeId),
  };
}

/** Stalker counts are record keys in the pack; the graph lists them in order. */
export function enemiesByStalkerCount(byStalkerCount: Partial<Record<string, unknown[]>>) {
  return Object.entries(byStalkerCount)
    .map(([stalkers, groups]) => ({ stalkers: Number(stalkers), groups: groups ?? [] }))
    .sort((a, b) => a.stalkers - b.stalkers);
}

function zsScenarioFields(item: ItemOfKind<'zs-scenario'>, lookup: CatalogLookup) {
  return {
    moduleId: null,
    summary: item.intro,
    setupSteps: item.steps.map((step) => ({ order: step.step, title: step.title, lines: step.text })),
    victoryConditions: item.mainObjective.win,
    defeatConditions: item.mainObjective.lose,
    specialRules: item.specialRules.map((text) => ({ name: null, text })),
    specialCards: many(lookup, item.specialCardIds),
    enemies: item.enemies && { ...item.enemies, byStalkerCount: enemiesByStalkerCount(item.enemies.byStalkerCount) },
  };
}

/** Every printed text of a Zone Survival card, in the order the card is read. */
export function zsCardTexts(item: ItemOfKind<'zs-card'>): string[] {
  const faces = (outcomes: { faces: string[]; text: string }[]) =>
    outcomes.map((outcome) => `${outcome.faces.join(' ')}: ${outcome.text}`);
  return compact([
    item.request,
    item.story,
    ...item.setup,
    ...item.rules,
    ...item.actions.flatMap((action) => [`${action.name}: ${action.text}`, ...faces(action.outcomes)]),
    ...(item.fateTriggers?.always ?? []),
    ...faces(item.fateTriggers?.byFace ?? []),
  ]);
}

function cardFields(item: ContentItem, lookup: CatalogLookup): Record<string, unknown> | undefined {
  switch (item.kind) {
    case 'twom-card':
      return {
        deckId: item.deckId ?? null,
        deck: one(lookup, item.deckId),
        tags: [],
        texts: compact([item.text, ...item.options.map((option) => `${option.label}: ${option.text}`)]),
        rollTables: many(lookup, item.rollTableIds),
        tracks: many(lookup, item.trackIds),
      };
    case 'zs-card':
      return {
        deck: one(lookup, item.deckId),
        texts: zsCardTexts(item),
        links: item.links.map((link) => linkView(link, lookup)),
      };
    case 'hope-card-type':
      return { deckId: null, deck: () => null, cardType: item.category, tags: [], texts: [item.text] };
    case 'zs-help-card':
      return {
        deckId: null,
        deck: () => null,
        cardType: 'help',
        tags: [],
        texts: item.phases.flatMap((phase) => [`${phase.number}. ${phase.name}: ${phase.text}`, ...phase.steps]),
      };
    default:
      return undefined;
  }
}

function gameFields(id: string, lookup: CatalogLookup) {
  const list = (...kinds: ContentKind[]) => () => lookup.ofKinds(kinds, id);
  return {
    gameId: id,
    modules: list('module'),
    scenarios: list('twom-scenario', 'zs-scenario'),
    decks: list('deck'),
    maps: list('zs-map', 'twom-map-side'),
    rollTables: list('roll-table'),
    dice: list('die'),
    glossary: list('glossary-entry'),
    characters: list('twom-character'),
    tracks: list('twom-track'),
  };
}

function kindFields(item: ContentItem, lookup: CatalogLookup): Record<string, unknown> {
  switch (item.kind) {
    case 'game':
      return gameFields(item.id, lookup);
    case 'twom-scenario':
      return twomScenarioFields(item, lookup);
    case 'zs-scenario':
      return zsScenarioFields(item, lookup);
    case 'zs-script':
      return { links: item.links.map((link) => linkView(link, lookup)) };
    case 'zs-map':
      return { layout: linkView(item.layout, lookup) };
    case 'zs-scoring':
      return { lines: item.text };
    case 'twom-table':
      return {
        rows: item.rows.map((row) => ({
          ...row,
          values: Object.entries(row.values).map(([key, value]) => ({ key, value: String(value) })),
        })),
      };
    case 'twom-phase':
      return { ruleSection: one(lookup, item.ruleSectionId) };
    case 'twom-test':
      return { die: one(lookup, item.dieId) };
    default:
      return cardFields(item, lookup) ?? {};
  }
}

/** Turns every function-valued field into a getter that calls it. */
function withLazyLinks<T extends Record<string, unknown>>(fields: T): T {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'function') Object.defineProperty(view, key, { get: value as () => unknown, enumerable: true });
    else view[key] = value;
  }
  return view as T;
}

/** The graph's view of one pack item. */
export function itemView(item: ContentItem, lookup: CatalogLookup): ItemView {
  return withLazyLinks({ ...item, ...kindFields(item, lookup) }) as ItemView;
}
