import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollOnTable } from './black-die';
import {
  FOOD_HUNGER_CHANGE,
  FOOD_KINDS,
  FOOD_NAMES,
  FoodKind,
  NO_FOOD_HUNGER_CHANGE,
  NO_WATER_TABLE,
  WATER_PER_CHARACTER,
  WaterEffect,
} from './twom.rules-data';
import { requireArray, requireBoolean, requireInt, requireObject, requireOneOf, requireString, requireUniqueNames } from './validate';

export interface DuskCharacter {
  readonly name: string;
  readonly hunger: number;
  readonly sadness: number;
  /** Whether this Character drinks 1 Water from the Stockpile. */
  readonly drinksWater: boolean;
  /** Food tokens this Character eats; empty means no food. */
  readonly eats: readonly FoodKind[];
}

export interface DuskStockpile {
  readonly water: number;
  readonly cannedFood: number;
  readonly rawFood: number;
  readonly vegetable: number;
}

export interface DuskInput {
  readonly characters: readonly DuskCharacter[];
  readonly stockpile: DuskStockpile;
}

export interface DuskCharacterResult {
  readonly name: string;
  readonly drankWater: boolean;
  /** The Black-die roll made because the Character had no Water. */
  readonly waterRoll?: { readonly roll: number; readonly effect: WaterEffect };
  readonly hunger: number;
  readonly sadness: number;
}

export interface DuskResult {
  readonly characters: readonly DuskCharacterResult[];
  readonly stockpile: DuskStockpile;
}

function validate(input: DuskInput): void {
  const characters = requireArray<DuskCharacter>(input?.characters, 'characters', { min: 1 });
  const stock = requireObject(input.stockpile, 'stockpile');
  const water = requireInt(stock.water, 'stockpile.water', { min: 0 });
  const food: Record<FoodKind, number> = {
    cannedFood: requireInt(stock.cannedFood, 'stockpile.cannedFood', { min: 0 }),
    rawFood: requireInt(stock.rawFood, 'stockpile.rawFood', { min: 0 }),
    vegetable: requireInt(stock.vegetable, 'stockpile.vegetable', { min: 0 }),
  };
  characters.forEach((c, i) => {
    requireString(c?.name, `characters[${i}].name`);
    requireInt(c.hunger, `characters[${i}].hunger`, { min: 0 });
    requireInt(c.sadness, `characters[${i}].sadness`, { min: 0 });
    requireBoolean(c.drinksWater, `characters[${i}].drinksWater`);
    requireArray<FoodKind>(c.eats, `characters[${i}].eats`).forEach((f, j) =>
      requireOneOf(f, `characters[${i}].eats[${j}]`, FOOD_KINDS),
    );
  });
  requireUniqueNames(characters.map((c) => c.name), 'characters');

  const drinkers = characters.filter((c) => c.drinksWater).length;
  if (drinkers * WATER_PER_CHARACTER > water) {
    throw new RuleInputError('stockpile.water', 'too-small', `${drinkers} Characters drink but the Stockpile holds ${water} Water`);
  }
  // "Each Character must drink 1 Water": going without is only possible once the Water has run out.
  const thirsty = characters.findIndex((c) => !c.drinksWater);
  if (thirsty >= 0 && water - drinkers * WATER_PER_CHARACTER >= WATER_PER_CHARACTER) {
    throw new RuleInputError(
      `characters[${thirsty}].drinksWater`,
      'must-drink',
      'Each Character must drink 1 Water while the Stockpile still has Water',
    );
  }
  const eaten: Record<FoodKind, number> = { cannedFood: 0, rawFood: 0, vegetable: 0 };
  characters.forEach((c) => c.eats.forEach((f) => (eaten[f] += 1)));
  for (const kind of FOOD_KINDS) {
    if (eaten[kind] > food[kind]) {
      throw new RuleInputError(`stockpile.${kind}`, 'too-small', `${eaten[kind]} ${FOOD_NAMES[kind]} eaten but the Stockpile holds ${food[kind]}`);
    }
  }
  // "Each Character must eat 1 or more food tokens": no food only when none is left.
  const hungry = characters.findIndex((c) => c.eats.length === 0);
  const leftover = FOOD_KINDS.some((k) => food[k] > eaten[k]);
  if (hungry >= 0 && leftover) {
    throw new RuleInputError(`characters[${hungry}].eats`, 'must-eat', 'Each Character must eat 1 or more food tokens while the Stockpile still has food');
  }
}

/**
 * Hunger and Sadness cannot go below 0. The rulebook gives no lower bound;
 * 0 is assumed because "reset to zero" is the lowest level it names.
 */
const atLeastZero = (n: number): number => Math.max(0, n);

/** The Dusk phase: Water first (with its roll), then food, per Character. */
export function resolveDusk(input: DuskInput, seed: string): Resolution<DuskResult> {
  validate(input);
  return resolve(seed, (random, transcript) => {
    const results: DuskCharacterResult[] = [];
    const stock = { ...input.stockpile };
    for (const c of input.characters) {
      let hunger = c.hunger;
      let sadness = c.sadness;
      let waterRoll: DuskCharacterResult['waterRoll'];
      if (c.drinksWater) {
        stock.water -= WATER_PER_CHARACTER;
        transcript.add(`${c.name} drinks 1 Water`);
      } else {
        const { roll, row } = rollOnTable(random, transcript, NO_WATER_TABLE, `${c.name}, who had no Water`);
        waterRoll = { roll, effect: row.outcome };
        if (row.outcome === 'hunger') hunger += 1;
        else sadness += 1;
      }
      const before = hunger;
      if (c.eats.length === 0) {
        hunger += NO_FOOD_HUNGER_CHANGE;
        transcript.add(`${c.name} eats nothing: Hunger ${before} → ${hunger}`);
      } else {
        const change = c.eats.reduce((n, f) => n + FOOD_HUNGER_CHANGE[f], 0);
        c.eats.forEach((f) => (stock[f] -= 1));
        hunger = atLeastZero(hunger + change);
        transcript.add(`${c.name} eats ${c.eats.map((f) => FOOD_NAMES[f]).join(' + ')}: Hunger ${before} → ${hunger}`);
      }
      results.push({ name: c.name, drankWater: c.drinksWater, ...(waterRoll ? { waterRoll } : {}), hunger, sadness });
    }
    return { characters: results, stockpile: stock };
  });
}
