import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { rollBlack, rollOnTable } from '../core/black-die';
import { changeMisery } from './characters';
import { count } from '@scriptbook/rules-engine';
import { blackRoll, chosenCharacterSchema, findChosen, talesCharactersSchema } from './tales.schemas';
import { JOKES_AND_HOPES, STUFF_OF_NIGHTMARES, THROUGH_THE_WINDOW_TABLE, TALES_HOME, WAIT_A_MINUTE } from './twom-tales.rules-data';


export const miseryChange = named(
  'TalesMiseryChange',
  z
    .object({
      name: z.string().describe("The Character's name, as given."),
      empathy: count('Their Empathy, as given.'),
      atOrBelow: z.boolean().describe('True when the roll was equal to or lower than their Empathy.'),
      misery: count('Their Misery after the card (never below 0).'),
    })
    .describe("One Character's comparison and new Misery."),
);

const empathyRollResult = z
  .object({
    roll: blackRoll('The one Black-die roll compared with every Character.'),
    characters: z.array(miseryChange).describe('Every Character given, in input order.'),
  })
  .describe('One Black-die roll compared with each Character’s Empathy.');

const charactersInput = z.object({ characters: talesCharactersSchema }).describe('The Characters the card compares the roll with.');

type Character = z.output<typeof talesCharactersSchema>[number];


/** One roll compared with every Character's Empathy, as the Misery cards do. */
export function rollAgainstEveryone(characters: readonly Character[], title: string, atOrBelow: number, above: number, random: Random, transcript: Transcript) {
  const roll = rollBlack(random, transcript, title);
  const results = characters.map((c) => {
    const hit = roll <= c.empathy;
    const change = hit ? atOrBelow : above;
    const misery = changeMisery(c.misery, change);
    const effect = change === 0 ? 'no change' : `Misery ${c.misery} → ${misery}`;
    transcript.add(`${roll} ${hit ? '≤' : '>'} ${c.name}'s Empathy ${c.empathy}: ${effect}`);
    return { name: c.name, empathy: c.empathy, atOrBelow: hit, misery };
  });
  return { roll, characters: results };
}

/** "Stuff of Nightmares": no Night Raid card tonight; roll against each Character in the Shelter. */
export const stuffOfNightmaresProcedure = defineProcedure({
  id: 'twom-tales.stuff-of-nightmares',
  ...TALES_HOME,
  field: 'talesStuffOfNightmares',
  description: 'Desperate Measures "Stuff of Nightmares": no Night Raid card; Misery for Empathy at or above the roll',
  input: charactersInput.describe('Every Character present in the Shelter at the beginning of the Night Raid phase.'),
  result: empathyRollResult.extend({
    drawNightRaid: z.literal(false).describe('Always false: "Do not draw any Night Raid cards during this Night Raid phase."'),
    sourceNote: z.string().describe('The rulebook\'s note on this card: its comparison line is partly covered in the booklet, so the effect applied is the reading of the visible text.'),
  }),
  draws: true,
  run: ({ characters }, { random, transcript }) => {
    const rolled = rollAgainstEveryone(characters, STUFF_OF_NIGHTMARES.title, STUFF_OF_NIGHTMARES.miseryAtOrBelow, 0, random, transcript);
    return { ...rolled, drawNightRaid: false as const, sourceNote: STUFF_OF_NIGHTMARES.sourceNote };
  },
});

/** "Jokes and Hopes": roll against each Character present. */
export const jokesAndHopesProcedure = defineProcedure({
  id: 'twom-tales.jokes-and-hopes',
  ...TALES_HOME,
  field: 'talesJokesAndHopes',
  description: 'Desperate Measures "Jokes and Hopes": Misery −2 or +1 per Character by Empathy',
  input: charactersInput.describe('Every Character present.'),
  result: empathyRollResult,
  draws: true,
  run: ({ characters }, { random, transcript }) =>
    rollAgainstEveryone(characters, JOKES_AND_HOPES.title, JOKES_AND_HOPES.miseryAtOrBelow, JOKES_AND_HOPES.miseryAbove, random, transcript),
});

/** "Wait a Minute!": played when a Combat is about to begin. */
export const waitAMinuteProcedure = defineProcedure({
  id: 'twom-tales.wait-a-minute',
  ...TALES_HOME,
  field: 'talesWaitAMinute',
  description: 'Desperate Measures "Wait a Minute!": one Character’s Empathy against the Black die',
  input: z
    .object({ characters: talesCharactersSchema, chosen: chosenCharacterSchema })
    .describe('The Characters present when a Combat is about to begin, and the 1 chosen to face the roll.'),
  result: z
    .object({
      roll: blackRoll('The Black-die roll compared with the chosen Character’s Empathy.'),
      combatAvoided: z.boolean().describe('True when the roll was equal to or lower than their Empathy: "you were able to avoid the Combat".'),
      backstab: z.boolean().describe('True when the roll was greater: "the Enemies perform a Backstab before Combat".'),
    })
    .describe('Whether the Combat was avoided or begins with a Backstab.'),
  draws: true,
  run: ({ characters, chosen: name }, { random, transcript }) => {
    const chosen = findChosen(characters, name);
    const roll = rollBlack(random, transcript, `${WAIT_A_MINUTE.title} (${chosen.name}, Empathy ${chosen.empathy})`);
    const avoided = roll <= chosen.empathy;
    transcript.add(
      avoided ? `${roll} ≤ Empathy ${chosen.empathy}: ${WAIT_A_MINUTE.atOrBelow}` : `${roll} > Empathy ${chosen.empathy}: ${WAIT_A_MINUTE.above}`,
    );
    return { roll, combatAvoided: avoided, backstab: !avoided };
  },
});

/** "Through the Window!": resolve a Shelter card freely, then roll for the fall. */
export const throughTheWindowProcedure = defineProcedure({
  id: 'twom-tales.through-the-window',
  ...TALES_HOME,
  field: 'talesThroughTheWindow',
  description: 'Desperate Measures "Through the Window!": 1-3 means 2 Wounds',
  input: z.object({}).describe('No choices: the card only rolls.'),
  result: z
    .object({
      roll: blackRoll('The Black-die roll.'),
      wounds: count('Wounds 1 chosen Character suffers: 2 on 1-3, else 0.'),
    })
    .describe('The roll after resolving the Shelter card.'),
  draws: true,
  run: (_input, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, THROUGH_THE_WINDOW_TABLE, 'Through the Window!');
    return { roll, wounds: row.outcome };
  },
});
