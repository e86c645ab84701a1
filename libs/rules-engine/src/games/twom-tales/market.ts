import { DieDefinition, rollDie } from '../../dice/die';
import { removeByName } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { requireArray, requireBoolean, requireInt, requireObject, requireOneOf, requireString, requireStringList } from '../twom/validate';
import {
  LOOT_TOLERANCE,
  MARKET_DISCARD,
  REALITY_IMPACT,
  STEAL_BLANK,
  STEAL_TOLERANCE_CHANGE,
  STEAL_VALUE_PER_ICON,
  TOLERANCE_MAX,
  TOLERANCE_MIN,
  TOLERANCE_ROWS,
} from './twom-tales.rules-data';

/** A Wares card: its name and the miniatures it places on the Market sheet. */
export interface WaresCard {
  readonly name: string;
  readonly farmer: boolean;
  readonly thug: boolean;
}

export type MarketOption = 'trade' | 'loot' | 'steal';

export interface MarketVisitInput {
  readonly findingsPile: readonly string[];
  /** The 1 token discarded from the Findings Pile to enter. */
  readonly discard: string;
  /** The Wares deck, top first, as it lies (the seed gives no shuffling step for it). */
  readonly waresDeck: readonly WaresCard[];
  readonly tolerance: number;
  /** The option chosen from the current Wares card; unused if Reality Impact is drawn. */
  readonly option: MarketOption;
  /** For STEAL: the thief and the Grey Combat die, whose faces (icons per face, 0 = blank) the seed does not print. */
  readonly steal?: { readonly thief: string; readonly greyDieFaces: readonly number[] };
}

export interface MarketVisitResult {
  readonly discarded: string;
  readonly findingsPile: readonly string[];
  readonly drawn: string;
  readonly waresDeck: readonly WaresCard[];
  /** Set when the Reality Impact card was drawn: the Tolerance row whose script to resolve. */
  readonly realityImpact?: string;
  readonly option?: MarketOption;
  readonly steal?: {
    readonly thief: string;
    readonly icons: number;
    /** Total worth of tokens from the Wares card that may be added to the Findings Pile. */
    readonly tokenValue: number;
    readonly wounds: number;
    readonly fatigue: number;
  };
  readonly lootEnemies?: { readonly farmers: number; readonly thugs: number };
  readonly tolerance: number;
}

export function toleranceRow(tolerance: number): string {
  const row = TOLERANCE_ROWS.find((r) => tolerance >= r.from && tolerance <= r.to);
  if (!row) throw new RangeError(`No Tolerance row for ${tolerance}`);
  return row.label;
}

function validate(input: MarketVisitInput): void {
  const pile = requireStringList(input?.findingsPile, 'findingsPile', { min: MARKET_DISCARD });
  const discard = requireString(input.discard, 'discard');
  if (!pile.includes(discard)) throw new RuleInputError('discard', 'missing-card', `discard "${discard}" is not in the Findings Pile`);
  const deck = requireArray<WaresCard>(input.waresDeck, 'waresDeck', { min: 1 });
  deck.forEach((c, i) => {
    requireString(c?.name, `waresDeck[${i}].name`);
    requireBoolean(c.farmer, `waresDeck[${i}].farmer`);
    requireBoolean(c.thug, `waresDeck[${i}].thug`);
  });
  requireInt(input.tolerance, 'tolerance', { min: TOLERANCE_MIN, max: TOLERANCE_MAX });
  const option = requireOneOf(input.option, 'option', ['trade', 'loot', 'steal'] as const);
  if (option === 'steal') {
    const steal = requireObject(input.steal, 'steal');
    requireString(steal.thief, 'steal.thief');
    requireArray<number>(steal.greyDieFaces, 'steal.greyDieFaces', { min: 1 }).forEach((f, i) =>
      requireInt(f, `steal.greyDieFaces[${i}]`, { min: 0 }),
    );
  }
}

/** One visit to the Market after Scavenging (Farmers and Market module). */
export function visitMarket(input: MarketVisitInput, seed: string): Resolution<MarketVisitResult> {
  validate(input);
  return resolve(seed, (random, transcript) => {
    const pile = removeByName(input.findingsPile, input.discard, { field: 'findingsPile', label: 'Findings Pile', transcript });
    const [card, ...rest] = input.waresDeck;
    const base = { discarded: input.discard, findingsPile: pile.deck, drawn: card.name, waresDeck: rest };
    transcript.add(`Drew ${card.name} from the Wares deck`);
    if (card.name.toLowerCase() === REALITY_IMPACT.toLowerCase()) {
      const row = toleranceRow(input.tolerance);
      transcript.add(`Reality Impact: resolve the script for the current Tolerance (${row})`);
      return { ...base, realityImpact: row, tolerance: input.tolerance };
    }
    const minis = [card.farmer ? 'Farmer' : '', card.thug ? 'Thug' : ''].filter(Boolean).join(' and ') || 'no miniatures';
    transcript.add(`${card.name} is the current Wares card (${minis} on the Market sheet); option chosen: ${input.option.toUpperCase()}`);
    let tolerance = input.tolerance;
    let extra: Partial<MarketVisitResult> = {};
    if (input.option === 'steal') {
      const steal = input.steal!;
      const die: DieDefinition = { id: 'grey-combat', name: 'Grey Combat die', faces: steal.greyDieFaces };
      const icons = rollDie(random, die).value as number;
      transcript.add(`${steal.thief} rolled the Grey Combat die: ${icons === 0 ? 'blank' : `${icons} icon${icons > 1 ? 's' : ''}`}`, { die: die.id, value: icons });
      const blank = icons === 0;
      const wounds = blank && card.thug ? STEAL_BLANK.thug.wounds : 0;
      const fatigue = blank && card.farmer ? STEAL_BLANK.farmer.fatigue : 0;
      if (blank) transcript.add(`Blank: the Thief suffers ${wounds} Wound(s) (Thug space) and ${fatigue} Fatigue (Farmer space)`);
      else transcript.add(`Add tokens from the Wares card worth up to ${STEAL_VALUE_PER_ICON} per icon: ${icons * STEAL_VALUE_PER_ICON} in all`);
      tolerance = Math.max(TOLERANCE_MIN, tolerance + STEAL_TOLERANCE_CHANGE);
      extra = { steal: { thief: steal.thief, icons, tokenValue: icons * STEAL_VALUE_PER_ICON, wounds, fatigue } };
    } else if (input.option === 'loot') {
      const lootEnemies = { farmers: card.farmer ? 1 : 0, thugs: card.thug ? 1 : 0 };
      transcript.add(`LOOT: draw 1 Enemy token per miniature (${lootEnemies.farmers} Farmer, ${lootEnemies.thugs} Thug); Combat begins`);
      tolerance = LOOT_TOLERANCE;
      extra = { lootEnemies };
    } else {
      transcript.add('TRADE according to normal rules; green or yellow tokens are not accepted');
    }
    transcript.add(`Tolerance ${input.tolerance} → ${tolerance} (${toleranceRow(tolerance)})`);
    transcript.add('Remove the Farmer and Thug miniatures; the Thief returns to the Findings Pile; resolve Choose Findings');
    return { ...base, option: input.option, ...extra, tolerance };
  });
}
