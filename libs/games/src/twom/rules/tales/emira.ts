import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { inferable, inferred } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { changeMisery } from './characters';
import { count } from '@scriptbook/rules-engine';
import { EMIRA, TALES_HOME } from './twom-tales.rules-data';

const storageSchema = z
  .object({
    moonshine: count('Moonshine tokens in the Storage.'),
    alcohol: count('100% Alcohol tokens in the Storage.'),
  })
  .describe('The Storage tokens the Habit can be paid with.');

const emiraInput = z
  .object({
    hunger: count("Emira's Hunger level; 0 when she has no Hunger token."),
    misery: count("Emira's Misery level; 0 when she has no Misery token."),
    storage: storageSchema,
    habit: describedEnum('TalesEmiraHabit', {
      moonshine: 'Discard 1 Moonshine from the Storage.',
      alcohol: 'Discard 1 100% Alcohol from the Storage.',
      misery: "Discard nothing and raise Emira's Misery by 1.",
    }).describe("How Emira's Habit is paid."),
  })
  .describe("Emira's States and Storage before her Spirit lines, and how the Habit is paid.");

const emiraResult = z
  .object({
    hunger: count("Emira's Hunger after the Spirit lines."),
    misery: count("Emira's Misery after the Spirit lines."),
    storage: storageSchema.describe('The Storage after the Habit.'),
    hungry: inferable(
      'TalesEmiraHungry',
      z.boolean().describe('Whether Emira counted as hungry, so her Hunger was lowered by 1.'),
      'Whether Emira was hungry. Rulebook 000 does not define "hungry", so this is always inferred: Hunger level 2 or 3, as `reasoning` explains.',
    ),
  })
  .describe("Emira's States and Storage after her three Spirit lines.");

const inBand = (n: number, band: { from: number; to: number }): boolean => n >= band.from && n <= band.to;

const HUNGRY_READING =
  'Seed 000 does not define "hungry". Zoran\'s card qualifies "wounded, ill, miserable or hungry" with "(level 2 or 3)", and Emira\'s own card reads "miserable (level 2 or 3)", so hungry is read as Hunger level 2 or 3.';

/**
 * Emira's three Spirit lines in printed order. The seed does not say when
 * Spirit lines are resolved; the caller decides when to run this.
 */
export const emiraSpiritProcedure = defineProcedure({
  id: 'twom-tales.emira-spirit',
  ...TALES_HOME,
  field: 'talesEmiraSpirit',
  description: "Emira's Habit and Spirit lines",
  input: emiraInput,
  result: emiraResult,
  draws: false,
  run: ({ hunger: hunger0, misery: misery0, storage, habit }, { transcript }) => {
    if ((habit === 'moonshine' && storage.moonshine < 1) || (habit === 'alcohol' && storage.alcohol < 1)) {
      throw new RuleInputError(`storage.${habit}`, 'too-small', `The Habit cannot be paid with ${habit}: none in the Storage`);
    }
    let misery = misery0;
    let hunger = hunger0;
    const left = { ...storage };
    if (habit === 'misery') {
      misery = changeMisery(misery, EMIRA.habitMisery);
      transcript.add(`Habit: nothing discarded, Emira's Misery ${misery0} → ${misery}`);
    } else {
      left[habit] -= 1;
      transcript.add(`Habit: discarded 1 ${habit === 'moonshine' ? 'Moonshine' : '100% Alcohol'} from the Storage`);
    }
    const hungry = inBand(hunger, EMIRA.hungry);
    const reading = { inference: { reasoning: HUNGRY_READING } };
    if (hungry) {
      hunger -= EMIRA.hungryRelief;
      transcript.add(`Emira is hungry (Hunger ${hunger0}, read as level 2 or 3): Hunger ${hunger0} → ${hunger}`, reading);
    } else {
      transcript.add(`Emira is not hungry (Hunger ${hunger0}; hungry is read as level 2 or 3)`, reading);
    }
    const before = misery;
    if (inBand(misery, EMIRA.miserable)) {
      misery = changeMisery(misery, EMIRA.miserable.miseryChange);
      transcript.add(`Emira is miserable (level ${before}): Misery ${before} → ${misery}`);
    } else {
      transcript.add(`Emira is not miserable (Misery ${before})`);
    }
    return { hunger, misery, storage: left, hungry: inferred(hungry, HUNGRY_READING) };
  },
});
