import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { rollOnTable } from '../core/black-die';
import { blackRoll } from './tales.schemas';
import { LUKA_DAWN_AFTERWARDS, LUKA_DAWN_TABLE, LUKA_LEVELS, LukaLevel, TALES_HOME } from './twom-tales.rules-data';

const lukaLevel = describedEnum('TalesLukaCondition', {
  'Heavily Wounded': 'The top printed level, where setup places the Condition token.',
  'Critical Condition': 'The middle printed level.',
  Dead: 'The bottom printed level: Luka has died.',
} satisfies Record<LukaLevel, string>).describe('A level printed on the Wounded Luka card; the card prints these three, top first.');

/**
 * The card prints three levels, Heavily Wounded at the top; nothing above it
 * or below Dead is printed, so a move stops at either end.
 */
function moveLuka(level: LukaLevel, up: boolean): { readonly level: LukaLevel; readonly stopped: boolean } {
  const wanted = LUKA_LEVELS.indexOf(level) + (up ? -1 : 1);
  const i = Math.max(0, Math.min(LUKA_LEVELS.length - 1, wanted));
  return { level: LUKA_LEVELS[i], stopped: i !== wanted };
}

/** Blood in the Snow Dawn Phase card. */
export const lukaDawnProcedure = defineProcedure({
  id: 'twom-tales.luka-dawn',
  ...TALES_HOME,
  field: 'talesLukaDawn',
  description: "Blood in the Snow Dawn card: Luka's roll and Condition",
  input: z
    .object({
      condition: lukaLevel,
      bandaged: z.boolean().describe('Whether Wounded Luka was given Bandages since the last Dawn phase.'),
    })
    .describe("Luka's Condition at the beginning of the Dawn phase and whether he was given Bandages."),
  result: z
    .object({
      roll: blackRoll('The Black-die roll, made only at Heavily Wounded; null otherwise.').optional(),
      script2: z.boolean().describe('True when the roll was 8-10: see Blood In The Snow script 2.'),
      condition: lukaLevel,
      stoppedAtEnd: z.boolean().describe('True when the move would have left the printed levels (up from Heavily Wounded) and the token stayed.'),
      bandagesDiscarded: z.boolean().describe('True when the Bandages given to Luka are discarded.'),
      suspicionsRollDue: z
        .literal(true)
        .describe('Always true: the card then says "Make a roll on the Suspicions chart". The chart is on the Scenario sheet, which rulebook 000 does not reproduce.'),
      afterwards: z.string().describe('The card\'s closing instruction as printed: "Afterwards, shuffle this card back into the Visitors deck."'),
    })
    .describe("What the Dawn Phase card did to Luka's Condition."),
  draws: true,
  run: ({ condition, bandaged }, { random, transcript }) => {
    if (condition === 'Dead') throw new RuleInputError('condition', 'dead', 'Luka is Dead; the Dawn Phase card no longer applies to him');
    let roll: number | undefined;
    let script2 = false;
    if (condition === 'Heavily Wounded') {
      const res = rollOnTable(random, transcript, LUKA_DAWN_TABLE, 'Luka (Heavily Wounded)');
      roll = res.roll;
      script2 = res.row.outcome;
    } else {
      transcript.add(`Luka is at ${condition}, not Heavily Wounded: no roll`);
    }
    const after = moveLuka(condition, bandaged);
    const stop = after.stopped ? ` — ${condition} is the highest printed level, so the token stays` : '';
    transcript.add(
      bandaged
        ? `Luka was given Bandages: Condition moves up by 1 (${condition} → ${after.level}${stop}); discard the Bandages`
        : `Luka was not given Bandages: Condition moves down by 1 (${condition} → ${after.level})`,
    );
    transcript.add('Make a roll on the Suspicions chart (Scenario sheet)');
    transcript.add(LUKA_DAWN_AFTERWARDS);
    return {
      ...(roll !== undefined ? { roll } : {}),
      script2,
      condition: after.level,
      stoppedAtEnd: after.stopped,
      bandagesDiscarded: bandaged,
      suspicionsRollDue: true as const,
      afterwards: LUKA_DAWN_AFTERWARDS,
    };
  },
});
