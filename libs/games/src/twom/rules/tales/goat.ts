import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { count } from '@scriptbook/rules-engine';
import { miseryChange, rollAgainstEveryone } from './desperate-measures';
import { blackRoll, talesCharactersSchema } from './tales.schemas';
import { KILL_THE_GOAT, TALES_HOME } from './twom-tales.rules-data';

/** Farmers card "Goat", its Kill the Goat option; Get some milk is a plain exchange with no roll. */
export const killTheGoatProcedure = defineProcedure({
  id: 'twom-tales.kill-the-goat',
  ...TALES_HOME,
  field: 'talesKillTheGoat',
  description: 'Farmers card "Goat", Kill the Goat: Hunger to 0, 6 Raw Food, and Misery for Empathy at or above the roll',
  input: z
    .object({
      characters: talesCharactersSchema,
      rawFood: count('Raw Food tokens in the Storage before the Goat is killed.'),
    })
    .describe('The Characters present and the Storage\'s Raw Food.'),
  result: z
    .object({
      hunger: count('The Hunger of every Character present afterwards: "Set the Hunger of all Characters present to 0".'),
      rawFood: count('Raw Food in the Storage afterwards: 6 more.'),
      roll: blackRoll('The Black-die roll compared with each Character present.'),
      characters: z.array(miseryChange).describe('Every Character given, with their new Misery.'),
      afterwards: z.string().describe('The card\'s closing line as printed: "Afterwards, remove this card from the game."'),
    })
    .describe('What killing the Goat did.'),
  draws: true,
  run: ({ characters, rawFood }, { random, transcript }) => {
    transcript.add(`Kill the Goat: set the Hunger of all Characters present to ${KILL_THE_GOAT.hunger} and add ${KILL_THE_GOAT.rawFood} Raw Food to the Storage (${rawFood} → ${rawFood + KILL_THE_GOAT.rawFood})`);
    const rolled = rollAgainstEveryone(characters, 'the Goat', KILL_THE_GOAT.miseryAtOrBelow, 0, random, transcript);
    transcript.add(KILL_THE_GOAT.afterwards);
    return { hunger: KILL_THE_GOAT.hunger, rawFood: rawFood + KILL_THE_GOAT.rawFood, ...rolled, afterwards: KILL_THE_GOAT.afterwards };
  },
});
