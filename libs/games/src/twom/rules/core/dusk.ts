import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { count, nameText, refuse, seededRunner, uniqueNames } from '@scriptbook/rules-engine';
import { rollOnTable } from './black-die';
import {
  FOOD_HUNGER_CHANGE,
  FOOD_KINDS,
  FOOD_NAMES,
  FoodKind,
  HUNGER_FLOOR_REASONING,
  LOWEST_LEVEL,
  NO_FOOD_HUNGER_CHANGE,
  NO_WATER_TABLE,
  TWOM_CORE_HOME,
  WATER_PER_CHARACTER,
} from './twom.rules-data';

const foodKind = describedEnum('TwomFoodKind', {
  cannedFood: 'Canned Food.',
  rawFood: 'Raw Food.',
  vegetable: 'Vegetables.',
}).describe('A food token a Character eats.');

const duskCharacter = z
  .object({
    name: nameText('The Character, unique within the list.'),
    hunger: count('Current Hunger level.'),
    sadness: count('Current Sadness level.'),
    drinksWater: z.boolean().describe('Whether the Character drinks 1 Water from the Stockpile; false only once the Water has run out.'),
    eats: z.array(foodKind).describe('Food tokens the Character eats; empty means no food, allowed only once the food has run out.'),
  })
  .describe('A Character at Dusk and what they drink and eat.');

const stockpile = named(
  'TwomDuskStockpile',
  z
    .object({
      water: count('Water in the Stockpile.'),
      cannedFood: count('Canned Food in the Stockpile.'),
      rawFood: count('Raw Food in the Stockpile.'),
      vegetable: count('Vegetables in the Stockpile.'),
    })
    .describe('The Water and food in the Stockpile.'),
);

const input = z
  .object({
    characters: z.array(duskCharacter).min(1).superRefine(uniqueNames).describe('The Characters in the Shelter, at least one, each name once.'),
    stockpile,
  })
  .strict()
  .describe('The Characters at Dusk and the Stockpile they drink and eat from.');

const duskCharacterResult = z
  .object({
    name: z.string().describe('The Character.'),
    drankWater: z.boolean().describe('Whether the Character drank 1 Water.'),
    waterRoll: z
      .object({
        roll: z.number().int().min(1).max(10).describe('The Black die roll.'),
        effect: describedEnum('TwomWaterEffect', {
          hunger: 'The Character gains 1 Hunger.',
          sadness: 'The Character gains 1 Sadness.',
        }).describe('What going without Water did, per the table.'),
      })
      .optional()
      .describe('The Black-die roll made because the Character had no Water; absent when they drank.'),
    hunger: count('Hunger after Dusk; kept at 0 or more, a lowest level no rulebook prints (the step that stops there says so, `inferred`).'),
    sadness: count('Sadness after Dusk.'),
  })
  .describe('A Character after Dusk.');

const result = z
  .object({
    characters: z.array(duskCharacterResult).describe('Each Character after Dusk, in input order.'),
    stockpile: stockpile.describe('The Stockpile after Dusk.'),
  })
  .describe('The Characters and the Stockpile after Dusk.');

type DuskInput = z.output<typeof input>;

/** Rules that depend on the Stockpile and every Character together. */
function checkDusk(dusk: DuskInput): void {
  const { characters, stockpile: stock } = dusk;
  const drinkers = characters.filter((c) => c.drinksWater).length;
  if (drinkers * WATER_PER_CHARACTER > stock.water) {
    refuse('stockpile.water', 'too-small', `${drinkers} Characters drink but the Stockpile holds ${stock.water} Water`);
  }
  // "Each Character must drink 1 Water": going without is only possible once the Water has run out.
  const thirsty = characters.findIndex((c) => !c.drinksWater);
  if (thirsty >= 0 && stock.water - drinkers * WATER_PER_CHARACTER >= WATER_PER_CHARACTER) {
    refuse(`characters[${thirsty}].drinksWater`, 'must-drink', 'Each Character must drink 1 Water while the Stockpile still has Water');
  }
  const eaten: Record<FoodKind, number> = { cannedFood: 0, rawFood: 0, vegetable: 0 };
  characters.forEach((c) => c.eats.forEach((f) => (eaten[f] += 1)));
  for (const kind of FOOD_KINDS) {
    if (eaten[kind] > stock[kind]) refuse(`stockpile.${kind}`, 'too-small', `${eaten[kind]} ${FOOD_NAMES[kind]} eaten but the Stockpile holds ${stock[kind]}`);
  }
  // "Each Character must eat 1 or more food tokens": no food only when none is left.
  const hungry = characters.findIndex((c) => c.eats.length === 0);
  const leftover = FOOD_KINDS.some((k) => stock[k] > eaten[k]);
  if (hungry >= 0 && leftover) {
    refuse(`characters[${hungry}].eats`, 'must-eat', 'Each Character must eat 1 or more food tokens while the Stockpile still has food');
  }
}


/** The Dusk phase: Water first (with its roll), then food, per Character. */
export const twomDuskProcedure = defineProcedure({
  id: 'twom.dusk',
  ...TWOM_CORE_HOME,
  field: 'twomDusk',
  description: 'Dusk: Water and food per Character, with the Black-die roll for those without Water',
  draws: true,
  input,
  result,
  run: (dusk, { random, transcript }) => {
    checkDusk(dusk);
    const input = dusk;
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
        const eats = `${c.name} eats ${c.eats.map((f) => FOOD_NAMES[f]).join(' + ')}`;
        if (hunger + change < LOWEST_LEVEL) {
          hunger = LOWEST_LEVEL;
          transcript.add(`${eats}: Hunger ${before} → ${hunger} (inferred: no lower level is printed)`, { inference: { reasoning: HUNGER_FLOOR_REASONING } });
        } else {
          hunger += change;
          transcript.add(`${eats}: Hunger ${before} → ${hunger}`);
        }
      }
      results.push({ name: c.name, drankWater: c.drinksWater, ...(waterRoll ? { waterRoll } : {}), hunger, sadness });
    }
    return { characters: results, stockpile: stock };
  },
});

export type DuskResult = z.output<typeof result>;
type DuskCharacterResult = DuskResult['characters'][number];
export type { DuskInput };
export const resolveDusk = seededRunner<z.input<typeof input>, DuskResult>(twomDuskProcedure);
