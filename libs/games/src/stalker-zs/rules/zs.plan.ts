import { RuleInputError } from '@scriptbook/rules-engine';
import { TranscriptStep } from '@scriptbook/rules-engine';
import { ZS_ANOMALY_NOTE, ZS_MAX_STALKERS, ZS_MIN_STALKERS } from './zs.rules-data';
import { ZoneSurvivalScenarioData, ZsEnemyGroupData, ZsGapData, ZsStalkerCountKey, ZsStalkerFormulaData } from './zs.types';

export interface ZsEnemySetup {
  readonly cards: readonly { readonly faction: string; readonly icon: string }[];
  readonly placeFrom: string | null;
  /** The row for this Stalker count, in printed order; null where the seed prints none. */
  readonly groups: readonly ZsEnemyGroupData[] | null;
  readonly standees: number | null;
  readonly bossStartsInBossSlot: boolean;
}

export interface ZsUnknownSetup {
  readonly stacks: number | null;
  readonly tokensPerStack: number | null;
  readonly total: number | null;
  readonly removeFromPool: string | null;
  readonly text: string;
}

export interface ZsLootSetup {
  readonly tokensPerSlot: number;
  /** Scouting's "[Stalker count icon] × 3 Loot tokens" spread over the slots. */
  readonly extraTokens: number | null;
}

/** Everything of a setup fixed by the Scenario and the Stalker count alone. */
export interface ZsScenarioPlan {
  readonly stalkerCount: number;
  readonly specialCardIds: readonly string[];
  readonly unknownTokens: ZsUnknownSetup | null;
  readonly enemies: ZsEnemySetup | null;
  readonly loot: ZsLootSetup | null;
  readonly eventDeckSize: number | null;
  readonly funds: number | null;
  readonly stalkerEntrance: string | null;
  readonly valueTarget: number | null;
  readonly gaps: readonly ZsGapData[];
  /** Transcript lines after Step 3, in step order; fixed, so built once. */
  readonly lateSteps: readonly TranscriptStep[];
}

const GENERIC_NOTES: Readonly<Record<string, string>> = {
  unknownTokens: 'This Scenario prints no Unknown token placement.',
  enemies: 'This Scenario prints no Enemy cards or counts.',
  loot: 'This Scenario prints no Step 6 (Loot tokens).',
  eventDeck: 'This Scenario prints no Step 7 (Event deck size), so the number of Rounds is not given.',
  funds: 'This Scenario prints no Step 8 (funds for Equipment).',
  stalkerEntrance: 'This Scenario prints no Step 9 (where the Stalkers start).',
};

function gapNote(scenario: ZoneSurvivalScenarioData, field: string): string {
  const own = scenario.gaps?.find((g) => g.field === field || field.startsWith(`${g.field}.`));
  return own?.note ?? GENERIC_NOTES[field.split('.')[0]] ?? `The seed gives no ${field} for this Scenario.`;
}

const apply = (f: ZsStalkerFormulaData, n: number): number => f.base + f.perStalker * n;

function enemiesFor(s: ZoneSurvivalScenarioData, n: number, gaps: ZsGapData[]): ZsEnemySetup | null {
  if (!s.enemies) {
    gaps.push({ field: 'enemies', note: gapNote(s, 'enemies') });
    return null;
  }
  const groups = s.enemies.byStalkerCount[String(n) as ZsStalkerCountKey] ?? null;
  if (!groups) gaps.push({ field: `enemies.byStalkerCount.${n}`, note: gapNote(s, `enemies.byStalkerCount.${n}`) });
  return {
    cards: s.enemies.cards,
    placeFrom: s.enemies.placeFrom,
    groups,
    standees: groups ? groups.reduce((sum, g) => sum + g.count, 0) : null,
    bossStartsInBossSlot: s.enemies.bossStartsInBossSlot,
  };
}

function eventDeckSize(s: ZoneSurvivalScenarioData, n: number, index: number): number | null {
  if (!s.eventDeck) return null;
  const size = s.eventDeck.formula ? apply(s.eventDeck.formula, n) : s.eventDeck.size;
  if (size !== null && size < 1) {
    throw new RuleInputError(`scenarios[${index}].eventDeck`, 'range', `${s.name} gives an Event deck of ${size} cards for ${n} Stalkers`);
  }
  return size;
}

function lateSteps(s: ZoneSurvivalScenarioData, plan: Omit<ZsScenarioPlan, 'lateSteps'>): TranscriptStep[] {
  const lines: TranscriptStep[] = [{ text: ZS_ANOMALY_NOTE }];
  const u = plan.unknownTokens;
  lines.push({ text: u ? `Step 5: ${u.text}` : 'Step 5: no Unknown token placement is printed (see gaps)' });
  const e = plan.enemies;
  if (e) {
    const cards = e.cards.map((c) => `1 ${c.faction}`).join(', ');
    const row = e.groups
      ? e.groups.map((g) => `${g.count} × ${g.teamTokens.join(' + ')}`).join(', ')
      : 'no row printed for this Stalker count (see gaps)';
    const where = e.placeFrom ? `, starting with ${e.placeFrom}` : '';
    lines.push({
      text: `Step 5: draw Enemy cards (${cards}); ${plan.stalkerCount} Stalker${plan.stalkerCount > 1 ? 's' : ''}: ${row}${where}`,
      detail: { standees: e.standees },
    });
    if (e.bossStartsInBossSlot) lines.push({ text: 'Step 5: the Boss Enemy standee starts in the Boss Enemy slot' });
  } else {
    lines.push({ text: 'Step 5: no Enemy cards or counts are printed (see gaps)' });
  }
  const l = plan.loot;
  lines.push({
    text: l
      ? `Step 6: ${l.tokensPerSlot} random Loot token${l.tokensPerSlot > 1 ? 's' : ''} in each Loot slot${l.extraTokens ? `, then ${l.extraTokens} more spread as evenly as possible` : ''}`
      : 'Step 6: no Loot placement is printed (see gaps)',
  });
  if (plan.funds !== null) lines.push({ text: `Step 8: ${plan.funds} K for the team's Equipment` });
  if (plan.stalkerEntrance !== null) lines.push({ text: `Step 9: the Stalkers start at ${plan.stalkerEntrance}` });
  if (plan.valueTarget !== null) lines.push({ text: `Objective: collect stuff worth ${plan.valueTarget} K` });
  return lines;
}

function planFor(s: ZoneSurvivalScenarioData, n: number, index: number): ZsScenarioPlan {
  const gaps: ZsGapData[] = [{ field: 'anomaly', note: ZS_ANOMALY_NOTE }];
  if (!s.unknownTokens) gaps.push({ field: 'unknownTokens', note: gapNote(s, 'unknownTokens') });
  const enemies = enemiesFor(s, n, gaps);
  if (!s.loot) gaps.push({ field: 'loot', note: gapNote(s, 'loot') });
  const size = eventDeckSize(s, n, index);
  if (size === null) gaps.push({ field: 'eventDeck', note: gapNote(s, 'eventDeck') });
  if (s.funds === null) gaps.push({ field: 'funds', note: gapNote(s, 'funds') });
  if (s.stalkerEntrance === null) gaps.push({ field: 'stalkerEntrance', note: gapNote(s, 'stalkerEntrance') });
  const u = s.unknownTokens;
  const plan = {
    stalkerCount: n,
    specialCardIds: s.specialCardIds,
    unknownTokens: u ? { stacks: u.stacks, tokensPerStack: u.tokensPerStack, total: u.total, removeFromPool: u.removeFromPool, text: u.text } : null,
    enemies,
    loot: s.loot ? { tokensPerSlot: s.loot.tokensPerSlot, extraTokens: s.loot.extra ? apply(s.loot.extra, n) : null } : null,
    eventDeckSize: size,
    funds: s.funds,
    stalkerEntrance: s.stalkerEntrance,
    valueTarget: s.valueTarget ? apply(s.valueTarget, n) : null,
    gaps,
  };
  return Object.freeze({ ...plan, lateSteps: lateSteps(s, plan) });
}

/** One plan per Stalker count, 1 to 4, built when the content is prepared. */
export function planScenario(s: ZoneSurvivalScenarioData, index: number): ReadonlyMap<number, ZsScenarioPlan> {
  const plans = new Map<number, ZsScenarioPlan>();
  for (let n = ZS_MIN_STALKERS; n <= ZS_MAX_STALKERS; n++) plans.set(n, planFor(s, n, index));
  return plans;
}
