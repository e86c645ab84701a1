import { z } from 'zod';
import { nameText, uniqueStrings } from '@scriptbook/rules-engine';
import { MIN_PLAYERS } from './hope-inhumanity.rules-data';

/** The seed prints no player count, so only "at least one" and distinct names are checked. */
export const playerNamesSchema = z
  .array(nameText('A player name, unique at the table.'))
  .min(MIN_PLAYERS)
  .superRefine(uniqueStrings)
  .describe('Players in clockwise seating order, any number (rulebook 003 gives none); the first listed takes the first turn.');
