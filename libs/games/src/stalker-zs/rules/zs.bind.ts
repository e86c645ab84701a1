import { ContentItemLike } from '@scriptbook/rules-engine';
import { inlineOutcomes, ZsFaceIndex, ZsInlineOutcome } from './zs.faces';
import { ZsPlacement, scenarioPlacements } from './zs.placements';
import { planScenario, ZsScenarioPlan } from './zs.plan';
import { ZsSetupDrawRule, zsSetupDrawRule } from './zs.rules-data';
import { BoundSetupDeck, bindSetupDeck } from './zs.setup-deck';
import { ZoneSurvivalScenarioData, ZsCardData, ZsLinkData, ZsNumberedData, ZsScriptData } from './zs.types';

/** Content ids the procedures look up by name. */
export const ZS_DIE_ID = 'stalker-zs:die:zone-survival';
export const ZS_SETUP_DECK_ID = 'stalker-zs:deck:setup';
export const ZS_EVENT_DECK_ID = 'stalker-zs:deck:event';

export interface BoundScenario {
  readonly data: ZoneSurvivalScenarioData;
  readonly drawRule: ZsSetupDrawRule;
  /** By Stalker count, 1 to 4. */
  readonly plans: ReadonlyMap<number, ZsScenarioPlan>;
  readonly placements: readonly ZsPlacement[];
}

export interface BoundScript {
  readonly id: string;
  readonly number: number;
  readonly links: readonly ZsLinkData[];
  /** Die branches printed inline, each with its text, whether or not it leads to another script. */
  readonly outcomes: readonly ZsInlineOutcome[];
}

/** Everything the Zone Survival procedures read from content, prepared once per content version. */
export interface ZsContent {
  readonly scenarios: ReadonlyMap<string, BoundScenario>;
  readonly scenarioList: readonly ZsNumberedData[];
  readonly maps: readonly ZsNumberedData[];
  readonly cards: ReadonlyMap<string, ZsCardData>;
  /** Alias → card id: the other names content gives a card. Look cards up with `zsCard`. */
  readonly cardAliases: ReadonlyMap<string, string>;
  readonly setupDeck: BoundSetupDeck;
  /** The whole Event deck when content holds every card of it; otherwise null and Step 7's draw is the table's. */
  readonly eventDeck: readonly { readonly id: string; readonly name: string }[] | null;
  readonly scripts: ReadonlyMap<string, BoundScript>;
  readonly faces: ZsFaceIndex;
  /** The die's faces as canonical ids when content lists them; the seed does not. */
  readonly die: { readonly id: string; readonly name: string; readonly faces: readonly string[] | null };
}

/** The card an id or one of its aliases names. */
export function zsCard(content: Pick<ZsContent, 'cards' | 'cardAliases'>, idOrAlias: string): ZsCardData | undefined {
  const alias = content.cardAliases.get(idOrAlias);
  return content.cards.get(idOrAlias) ?? (alias === undefined ? undefined : content.cards.get(alias));
}

const bound = new WeakMap<readonly ContentItemLike[], ZsContent>();

/** Binds once per items array: every procedure of the game shares the one preparation. */
export function bindZsContent(items: readonly ContentItemLike[]): ZsContent {
  let content = bound.get(items);
  if (!content) {
    content = build(items);
    bound.set(items, content);
  }
  return content;
}

function ofKind<T>(items: readonly ContentItemLike[], kind: string): T[] {
  return items.filter((i) => i.kind === kind) as unknown as T[];
}

const numbered = (list: readonly ZsNumberedData[]): ZsNumberedData[] =>
  list.map(({ id, name, number }) => ({ id, name, number })).sort((a, b) => a.number - b.number);

function build(items: readonly ContentItemLike[]): ZsContent {
  const scenarioData = ofKind<ZoneSurvivalScenarioData>(items, 'zs-scenario');
  const cards = ofKind<ZsCardData>(items, 'zs-card');
  const scriptData = ofKind<ZsScriptData>(items, 'zs-script');
  const decks = ofKind<{ id: string; cardCount: number | null }>(items, 'deck');
  const deckSize = (id: string) => decks.find((d) => d.id === id)?.cardCount ?? null;

  const scenarios = new Map<string, BoundScenario>();
  scenarioData.forEach((data, index) => {
    scenarios.set(
      data.id,
      Object.freeze({ data, drawRule: zsSetupDrawRule(data.number), plans: planScenario(data, index), placements: scenarioPlacements(data) }),
    );
  });

  const faces = ZsFaceIndex.fromContent(cards, scriptData);
  const scripts = new Map<string, BoundScript>();
  for (const s of scriptData) scripts.set(s.id, Object.freeze({ id: s.id, number: s.number, links: s.links, outcomes: inlineOutcomes(s.text, faces) }));

  const events = cards.filter((c) => c.cardType === 'event');
  const eventDeckSize = deckSize(ZS_EVENT_DECK_ID);
  // A shuffle of the few Event cards the seed prints would pass for the real deck; without
  // every card, Step 7's draw is left to the table and the result says so.
  const eventDeck = eventDeckSize !== null && events.length >= eventDeckSize ? events.map(({ id, name }) => ({ id, name })) : null;

  const dieItem = items.find((i) => i.kind === 'die' && i.id === ZS_DIE_ID) as { id: string; name: string; faces: (string | number)[] | null } | undefined;
  const die = {
    id: dieItem?.id ?? ZS_DIE_ID,
    name: dieItem?.name ?? 'Zone Survival die',
    faces: dieItem?.faces ? dieItem.faces.map((f) => faces.canonical(String(f))) : null,
  };

  return Object.freeze({
    scenarios,
    scenarioList: numbered(scenarioData),
    maps: numbered(ofKind<ZsNumberedData>(items, 'zs-map')),
    cards: new Map(cards.map((c) => [c.id, c])),
    cardAliases: new Map(cards.flatMap((c) => (c.aliases ?? []).map((alias) => [alias, c.id] as const))),
    setupDeck: bindSetupDeck(
      cards.filter((c) => c.cardType === 'setup'),
      deckSize(ZS_SETUP_DECK_ID),
    ),
    eventDeck,
    scripts,
    faces,
    die,
  });
}
