import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { nameText, uniqueNames } from '@scriptbook/rules-engine';

/** Schema pieces several This War of Mine procedures (and Tales) share. */

export const borderSchema = describedEnum('TwomBorder', {
  red: 'A red-bordered Character card.',
  black: 'A black-bordered Character card.',
}).describe('The colour of a Character card border.');

export const characterCardSchema = named(
  'TwomCharacterCard',
  z
    .object({
      name: nameText('The Character as printed on the card, unique within the deck.'),
      border: borderSchema,
    })
    .describe('A Character card: its name and border colour.'),
);

export const characterDeckSchema = z
  .array(characterCardSchema)
  .superRefine(uniqueNames)
  .describe('Every Character card in the box, in any order: it is shuffled. Each name once.');

export const cardNames = (description: string) => z.array(nameText('A card name as printed.')).describe(description);
