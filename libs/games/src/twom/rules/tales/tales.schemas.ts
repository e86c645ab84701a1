import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { count, nameText, uniqueNames } from '@scriptbook/rules-engine';

export const blackRoll = (description: string) => z.number().int().min(1).max(10).describe(description);

export const talesCharacterSchema = named(
  'TalesCharacter',
  z
    .object({
      name: nameText("The Character's name as the table calls them; unique within the list."),
      empathy: count("The Empathy printed on the Character's card; a Black-die roll equal to or lower than it is a success."),
      misery: count("The Character's current Misery level; 0 when they have no Misery token."),
    })
    .describe('A Character as the Tales cards read them: Empathy to compare a roll with, Misery to move.'),
);

export const talesCharactersSchema = z
  .array(talesCharacterSchema)
  .min(1)
  .superRefine(uniqueNames)
  .describe('The Characters the card speaks of (those present, or those in the Shelter), at least one, each name once.');

export const chosenCharacterSchema = nameText('The name of the Character present chosen for the roll; must be one of `characters`.');

/** The Character the input names as `chosen`, or bad input on `chosen`. */
export function findChosen<T extends { readonly name: string }>(characters: readonly T[], chosen: string): T {
  const found = characters.find((c) => c.name === chosen);
  if (!found) throw new RuleInputError('chosen', 'unknown-character', `chosen "${chosen}" is not among characters`);
  return found;
}
