import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { contentRef } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { ZS_MAX_STALKERS, ZS_MIN_STALKERS } from './zs.rules-data';

/** Zod pieces the five Zone Survival procedures share, each described for the public schema. */

export const stalkerCountSchema = z
  .number()
  .int()
  .min(ZS_MIN_STALKERS)
  .max(ZS_MAX_STALKERS)
  .describe('Stalkers in the game, 1 to 4: the Scenarios print rows for "Single Stalker" to "4 Stalkers" and for no other count.');

export const gapSchema = named(
  'ZoneSurvivalGap',
  z.object({
    field: z.string().describe('The result field the rulebook leaves open, e.g. `eventDeck` or `enemies.byStalkerCount.3`.'),
    note: z.string().describe('What the rulebook says or omits there, to show the players instead of a number.'),
  }),
).describe('A place where the rulebook gives nothing; never filled with an invented value.');

const numbered = (typename: 'Scenario' | 'ContentItem', what: string) =>
  named(
    `ZoneSurvival${what}Ref`,
    z.object({
      id: contentRef(typename, `The ${what}'s content id.`),
      name: z.string().describe(`The ${what}'s printed name.`),
      number: z.number().int().describe(`The ${what}'s number, 1 to 10, as the rulebook lists it.`),
    }),
  ).describe(`A ${what} by id, name and number.`);

export const scenarioRefSchema = numbered('Scenario', 'Scenario');
export const mapRefSchema = numbered('ContentItem', 'Map');

export const dieFacesSchema = z
  .array(plain(z.string().min(1)).describe('One face: its canonical id (`stalker-zs:icon:yellow`) or a spelling the pack uses (`[yellow icon]`).'))
  .min(2)
  .describe(
    'The faces of the Zone Survival die. The rulebook never lists them, so the content has none: give them here, as canonical icon ids or as the bracketed spellings of the pack, which are read as their ids.',
  );

export const dieRollSchema = named(
  'ZoneSurvivalDieRoll',
  z.object({
    die: z.string().describe('Content id of the die rolled.'),
    faceIndex: z.number().int().describe('Zero-based index of the face shown, in the order the faces were given.'),
    value: z.string().describe('The face shown, as its canonical icon id (`stalker-zs:icon:red-cross`) when it has one.'),
  }),
).describe('One roll of the Zone Survival die.');

/** Flags the second occurrence of a value, on that entry, with rule `unique`. */
export function uniqueIds(values: readonly string[], ctx: z.RefinementCtx, path: (i: number) => (string | number)[] = (i) => [i]): void {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (seen.has(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: path(i), params: { rule: 'unique' }, message: `"${value}" is given twice` });
    }
    seen.add(value);
  });
}
