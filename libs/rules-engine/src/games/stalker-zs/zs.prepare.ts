import { RuleInputError } from '../../procedure';
import { planScenario, ZsScenarioPlan } from './zs.plan';
import { ZS_SCENARIO_NUMBERS, ZS_SETUP_CARD_COUNT, ZsSetupDrawRule, zsSetupDrawRule } from './zs.rules-data';
import { EventCardData, SetupCardData, ZoneSurvivalScenarioData, ZoneSurvivalSetupContent } from './zs.types';
import { zsArray, zsBoolean, zsFormula, zsInt, zsObject, zsString, zsStringList, zsUniqueIds } from './zs.validate';

/** A Setup card with its tags normalised once, so the draw compares plain keys. */
export interface PreparedSetupCard {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly tagKeys: readonly string[];
}

export interface PreparedScenario {
  readonly data: ZoneSurvivalScenarioData;
  readonly drawRule: ZsSetupDrawRule;
  /** By Stalker count, 1 to 4. */
  readonly plans: ReadonlyMap<number, ZsScenarioPlan>;
  /** Set when the deck cannot give four cards under this Scenario's Step 3. */
  readonly deckProblem: string | null;
}

/**
 * Content checked once. Validating 10 Scenarios and a 55-card deck on every
 * setup would cost more than the setup itself, so the hot path takes this.
 */
export interface PreparedSetupData {
  readonly scenarios: ReadonlyMap<string, PreparedScenario>;
  readonly setupDeck: readonly PreparedSetupCard[];
  readonly eventDeck: readonly EventCardData[] | null;
}

export const tagKey = (tag: string): string => tag.trim().toLowerCase();

function checkScenario(value: unknown, field: string): ZoneSurvivalScenarioData {
  const s = zsObject(value, field);
  zsString(s.id, `${field}.id`);
  zsString(s.name, `${field}.name`);
  zsInt(s.number, `${field}.number`, 1, ZS_SCENARIO_NUMBERS);
  zsStringList(s.specialCardIds, `${field}.specialCardIds`);
  if (s.unknownTokens !== null) {
    const u = zsObject(s.unknownTokens, `${field}.unknownTokens`);
    for (const key of ['stacks', 'tokensPerStack', 'total'] as const) {
      if (u[key] !== null) zsInt(u[key], `${field}.unknownTokens.${key}`, 0);
    }
  }
  if (s.enemies !== null) {
    const e = zsObject(s.enemies, `${field}.enemies`);
    zsArray(e.cards, `${field}.enemies.cards`, 1);
    zsBoolean(e.bossStartsInBossSlot, `${field}.enemies.bossStartsInBossSlot`);
    const rows = zsObject(e.byStalkerCount, `${field}.enemies.byStalkerCount`);
    for (const [count, groups] of Object.entries(rows)) {
      const path = `${field}.enemies.byStalkerCount.${count}`;
      if (!['1', '2', '3', '4'].includes(count)) throw new RuleInputError(path, 'unknown', `${path} is not a Stalker count`);
      zsArray<unknown>(groups, path, 1).forEach((g, i) => {
        const group = zsObject(g, `${path}[${i}]`);
        zsInt(group.count, `${path}[${i}].count`, 0);
        zsStringList(group.teamTokens, `${path}[${i}].teamTokens`);
      });
    }
  }
  if (s.loot !== null) {
    const loot = zsObject(s.loot, `${field}.loot`);
    zsInt(loot.tokensPerSlot, `${field}.loot.tokensPerSlot`, 0);
    zsFormula(loot.extra, `${field}.loot.extra`);
  }
  if (s.eventDeck !== null) {
    const deck = zsObject(s.eventDeck, `${field}.eventDeck`);
    if (deck.size !== null) zsInt(deck.size, `${field}.eventDeck.size`, 1);
    zsFormula(deck.formula, `${field}.eventDeck.formula`);
  }
  if (s.funds !== null) zsInt(s.funds, `${field}.funds`, 0);
  if (s.stalkerEntrance !== null) zsString(s.stalkerEntrance, `${field}.stalkerEntrance`);
  zsFormula(s.valueTarget, `${field}.valueTarget`);
  return s as unknown as ZoneSurvivalScenarioData;
}

function checkSetupCard(value: unknown, field: string): PreparedSetupCard {
  const c = zsObject(value, field);
  const tags = zsStringList(c.tags, `${field}.tags`);
  return Object.freeze({
    id: zsString(c.id, `${field}.id`),
    name: zsString(c.name, `${field}.name`),
    tags: Object.freeze(tags.slice()),
    tagKeys: Object.freeze(tags.map(tagKey)),
  });
}

/** Is there any set of `n` cards with no tag in common, one of them passing `must`? */
export function hasDistinctTagSet(
  cards: readonly PreparedSetupCard[],
  n: number,
  must: (card: PreparedSetupCard) => boolean = () => true,
): boolean {
  const used = new Set<string>();
  const search = (from: number, left: number, satisfied: boolean): boolean => {
    if (left === 0) return satisfied;
    for (let i = from; i <= cards.length - left; i++) {
      const keys = cards[i].tagKeys;
      if (keys.some((k) => used.has(k))) continue;
      keys.forEach((k) => used.add(k));
      const found = search(i + 1, left - 1, satisfied || must(cards[i]));
      keys.forEach((k) => used.delete(k));
      if (found) return true;
    }
    return false;
  };
  return search(0, n, false);
}

function deckProblem(deck: readonly PreparedSetupCard[], rule: ZsSetupDrawRule): string | null {
  const n = ZS_SETUP_CARD_COUNT;
  switch (rule.kind) {
    case 'redraw-card': {
      const name = tagKey(rule.cardName);
      const eligible = deck.filter((c) => tagKey(c.name) !== name);
      return hasDistinctTagSet(eligible, n) ? null : `without ${rule.cardName}, fewer than ${n} Setup cards have no tag in common`;
    }
    case 'redraw-tag': {
      const eligible = deck.filter((c) => !c.tagKeys.includes(tagKey(rule.tag)));
      return hasDistinctTagSet(eligible, n) ? null : `without ${rule.tag} cards, fewer than ${n} Setup cards have no tag in common`;
    }
    case 'fourth-with-tag':
      return hasDistinctTagSet(deck, n, (c) => c.tagKeys.includes(tagKey(rule.tag)))
        ? null
        : `no ${n} Setup cards with no tag in common include a ${rule.tag} card`;
    default:
      return hasDistinctTagSet(deck, n) ? null : `fewer than ${n} Setup cards have no tag in common`;
  }
}

/** Validates setup content once; the result is frozen and shared by every setup. */
export function prepareSetupData(content: ZoneSurvivalSetupContent): PreparedSetupData {
  zsObject(content, 'content');
  const scenarioList = zsArray<unknown>(content.scenarios, 'scenarios', 1).map((s, i) => checkScenario(s, `scenarios[${i}]`));
  zsUniqueIds(scenarioList, 'scenarios');
  const setupDeck = Object.freeze(zsArray<unknown>(content.setupDeck, 'setupDeck').map((c, i) => checkSetupCard(c, `setupDeck[${i}]`)));
  zsUniqueIds(setupDeck, 'setupDeck');
  let eventDeck: readonly EventCardData[] | null = null;
  if (content.eventDeck !== undefined) {
    const events = zsArray<unknown>(content.eventDeck, 'eventDeck').map((e, i) => {
      const card = zsObject(e, `eventDeck[${i}]`);
      return Object.freeze({ id: zsString(card.id, `eventDeck[${i}].id`), name: zsString(card.name, `eventDeck[${i}].name`) });
    });
    zsUniqueIds(events, 'eventDeck');
    eventDeck = Object.freeze(events);
  }
  const problems = new Map<string, string | null>();
  const scenarios = new Map<string, PreparedScenario>();
  scenarioList.forEach((data, index) => {
    const drawRule = zsSetupDrawRule(data.number);
    if (!problems.has(drawRule.kind)) problems.set(drawRule.kind, deckProblem(setupDeck, drawRule));
    const plans = planScenario(data, index);
    scenarios.set(data.id, Object.freeze({ data, drawRule, plans, deckProblem: problems.get(drawRule.kind) ?? null }));
  });
  return Object.freeze({ scenarios, setupDeck, eventDeck });
}
