import { DieDefinition, rollDie } from '@scriptbook/rules-engine';
import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { count, nameText, seededRunner, uniqueNames } from '@scriptbook/rules-engine';
import { BARRICADE_REDUCTION, MIN_GUARDS, TWOM_CORE_HOME } from './twom.rules-data';

const combatDie = named(
  'TwomCombatDie',
  z
    .object({
      name: nameText("The weapon's Combat die, as the table calls it."),
      faces: z
        .array(count('Icons on one face (shield, knife, bullet); 0 is a blank.'))
        .min(1)
        .describe('Each face as its number of icons. The rulebook names Combat dice per weapon but does not print their faces, so the table supplies them.'),
    })
    .describe("A guard's Combat die, faces as the table reads them."),
);

const guard = z
  .object({ name: nameText('The guard, unique within the list.'), combatDie })
  .describe('A Character on guard and the Combat die they roll.');

const input = z
  .object({
    loss: count('LOSS printed on the drawn Night Raids card.'),
    wounds: count('WOUNDS printed on the drawn Night Raids card.'),
    guards: z.array(guard).min(MIN_GUARDS).superRefine(uniqueNames).describe(`The guards, at least ${MIN_GUARDS}, each name once.`),
    barricades: count('Constructed BARRICADE BOARDS tokens.'),
    reduceFirst: describedEnum('TwomRaidReduction', {
      loss: 'Cut Loss first, then Wounds.',
      wounds: 'Cut Wounds first, then Loss.',
    }).describe('Guard icons and barricades may cut Loss "or" Wounds; the rulebook leaves the split to the players, so they say which to cut first.'),
  })
  .strict()
  .describe('The Night Raids card, the guards and the barricades.');

const result = z
  .object({
    guardRolls: z
      .array(z.object({ guard: z.string().describe('The guard.'), icons: count('Icons the Combat die showed.') }).describe("A guard's Combat roll."))
      .describe('Each guard\'s roll, in input order.'),
    reduction: count('Icons plus barricades: how much Loss and Wounds are cut.'),
    loss: count('Loss after the cut.'),
    wounds: count('Wounds after the cut.'),
  })
  .describe('The guards\' rolls and the Loss and Wounds left.');

type CombatDie = z.output<typeof combatDie>;

function toDie(die: CombatDie): DieDefinition {
  return { id: `combat:${die.name}`, name: die.name, faces: die.faces };
}

/** Night Raid: one Combat die per guard, then barricades, against Loss and Wounds. */
export const twomNightRaidProcedure = defineProcedure({
  id: 'twom.night-raid',
  ...TWOM_CORE_HOME,
  field: 'twomNightRaid',
  description: 'Night Raid: Loss and Wounds minus guard Combat dice and Barricade Boards',
  draws: true,
  input,
  result,
  run: (input, { random, transcript }) => {
    transcript.add(`Night Raid card: Loss ${input.loss}, Wounds ${input.wounds}`);
    const guardRolls = input.guards.map((g) => {
      const roll = rollDie(random, toDie(g.combatDie));
      const icons = roll.value as number;
      transcript.add(`${g.name} rolled the ${g.combatDie.name}: ${icons} icon${icons === 1 ? '' : 's'}`, {
        die: roll.die,
        value: icons,
      });
      return { guard: g.name, icons };
    });
    const icons = guardRolls.reduce((n, g) => n + g.icons, 0);
    const barricade = input.barricades * BARRICADE_REDUCTION;
    if (input.barricades > 0) transcript.add(`${input.barricades} Barricade Boards token${input.barricades > 1 ? 's' : ''}: −${barricade}`);
    const reduction = icons + barricade;
    const first = input.reduceFirst;
    const amounts = { loss: input.loss, wounds: input.wounds };
    const second = first === 'loss' ? 'wounds' : 'loss';
    const cutFirst = Math.min(reduction, amounts[first]);
    amounts[first] -= cutFirst;
    amounts[second] -= Math.min(reduction - cutFirst, amounts[second]);
    transcript.add(`Reduced by ${reduction} (${first} first): Loss ${input.loss} → ${amounts.loss}, Wounds ${input.wounds} → ${amounts.wounds}`);
    return { guardRolls, reduction, loss: amounts.loss, wounds: amounts.wounds };
  },
});

export type NightRaidInput = z.input<typeof input>;
export type NightRaidResult = z.output<typeof result>;
export const resolveNightRaid = seededRunner<NightRaidInput, NightRaidResult>(twomNightRaidProcedure);
