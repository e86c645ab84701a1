import { z } from 'zod';
import { inferable, inferred } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { rollBlack, rollOnTable } from '../core/black-die';
import { count } from '@scriptbook/rules-engine';
import { blackRoll, chosenCharacterSchema, findChosen, talesCharactersSchema } from './tales.schemas';
import { LOOT_WEAPONS, DESPERATE_PEOPLE_SCRIPTS, DESPERATE_PEOPLE_TABLE, DESPERATE_PEOPLE_WEAPONS, TALES_HOME } from './twom-tales.rules-data';

const WEAPONS_READING =
  'The card prints "They are armed with: nothing, Knife, Hatchet." without saying which of the Desperate People carries which; the Market sheet pairs the same three with the Farmers\' Enemy token letters (A – nothing, B – Knife, C – Hatchet), so the weapon of each is read from the letter on the Enemy token drawn for them.';

const desperatePeopleResult = z
  .object({
    countRoll: blackRoll('The Black-die roll for how many Desperate People are met.'),
    count: z.number().int().min(1).max(3).describe('How many Desperate People: 1 on 1-3, 2 on 4-8, 3 on 9-10. Draw that many Enemy tokens.'),
    weapons: z.array(z.string()).describe('The weapons as the card prints them, in printed order: "nothing, Knife, Hatchet".'),
    weaponsByEnemyToken: inferable(
      'TalesDesperatePeopleWeapons',
      z
        .array(
          z
            .object({
              token: z.string().describe('The letter on the Enemy token drawn.'),
              weapon: z.string().describe('What that Desperate Person is armed with.'),
            })
            .describe('The weapon of the Desperate Person whose Enemy token shows this letter.'),
        )
        .describe('One entry per letter.'),
      'Which Desperate Person carries which weapon. The card does not say, so this is inferred from the Market sheet, as `reasoning` explains.',
    ),
    empathyRoll: blackRoll('The Black-die roll compared with the chosen Character’s Empathy.'),
    combat: z.boolean().describe('True when the roll was greater than their Empathy: Combat begins automatically.'),
    script: z
      .number()
      .int()
      .describe('The Book of Scripts entry offered next: 880 (try to STOP the fight) when Combat begins, 355 (return 1 Exploration card to TRADE) when it does not.'),
    defeatedScript: z.number().int().describe('The Book of Scripts entry after defeating all Enemies (33).'),
  })
  .describe('How many Desperate People are met and whether Combat begins.');

/** Farmers module, Desperate People (Residents card). */
export const desperatePeopleProcedure = defineProcedure({
  id: 'twom-tales.desperate-people',
  ...TALES_HOME,
  field: 'talesDesperatePeople',
  description: 'Farmers: how many Desperate People, and whether Combat begins',
  input: z
    .object({ characters: talesCharactersSchema, chosen: chosenCharacterSchema })
    .describe('The Characters present and the one chosen for the Empathy roll.'),
  result: desperatePeopleResult,
  draws: true,
  run: ({ characters, chosen: name }, { random, transcript }) => {
    const chosen = findChosen(characters, name);
    const byLetter = Object.entries(LOOT_WEAPONS.farmer).map(([token, weapon]) => ({ token, weapon }));
    const { roll: countRoll, row } = rollOnTable(random, transcript, DESPERATE_PEOPLE_TABLE, 'how many Desperate People');
    transcript.add(
      `Draw ${row.outcome} Enemy token${row.outcome > 1 ? 's' : ''}; they are armed with: ${DESPERATE_PEOPLE_WEAPONS.join(', ')} (${byLetter.map((w) => `${w.token} – ${w.weapon}`).join(', ')}, by the letter on each token)`,
      { inference: { reasoning: WEAPONS_READING } },
    );
    const empathyRoll = rollBlack(random, transcript, `${chosen.name} (Empathy ${chosen.empathy})`);
    const combat = empathyRoll > chosen.empathy;
    transcript.add(
      combat
        ? `${empathyRoll} > Empathy ${chosen.empathy}: Combat begins automatically (you may try to STOP the fight – see ${DESPERATE_PEOPLE_SCRIPTS.stop}; after defeating all Enemies – see ${DESPERATE_PEOPLE_SCRIPTS.defeated})`
        : `${empathyRoll} ≤ Empathy ${chosen.empathy}: no Combat (you may return 1 Exploration card to TRADE – see ${DESPERATE_PEOPLE_SCRIPTS.trade})`,
    );
    transcript.add('Afterwards, shuffle this card back into the Residents deck');
    return {
      countRoll,
      count: row.outcome,
      weapons: [...DESPERATE_PEOPLE_WEAPONS],
      weaponsByEnemyToken: inferred(byLetter, WEAPONS_READING),
      empathyRoll,
      combat,
      script: combat ? DESPERATE_PEOPLE_SCRIPTS.stop : DESPERATE_PEOPLE_SCRIPTS.trade,
      defeatedScript: DESPERATE_PEOPLE_SCRIPTS.defeated,
    };
  },
});
