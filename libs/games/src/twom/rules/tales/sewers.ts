import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { rollBlack, rollOnTable } from '../core/black-die';
import { UNKNOWN_DECK_SIZES } from '../core/twom.rules-data';
import { count } from '@scriptbook/rules-engine';
import { blackRoll } from './tales.schemas';
import {
  DEFEATED_ALL_SCRIPT,
  SEWERS_EXIT_TABLE,
  SEWERS_STOP_SCRIPT,
  SEWERS_THUG_WEAPON,
  SEWERS_THUGS_TABLE,
  SEWERS_UNKNOWN_DIVISOR,
  TALES_HOME,
} from './twom-tales.rules-data';

const MAX_THREAT = Math.max(...SEWERS_THUGS_TABLE.map((r) => r.outcome));

/** "Once this Room is reached ... you may exit to 1 of the 3 Locations – roll the Black die". */
export const sewersExitProcedure = defineProcedure({
  id: 'twom-tales.sewers-exit',
  ...TALES_HOME,
  field: 'talesSewersExit',
  description: 'Sewers: the exit roll to a Near, Distant or Far Location',
  input: z
    .object({
      locationCards: z
        .number()
        .int()
        .refine((n) => UNKNOWN_DECK_SIZES.includes(n), { params: { rule: 'one-of' }, message: `must be one of ${UNKNOWN_DECK_SIZES.join(', ')}` })
        .optional()
        .describe('The Unknown-deck number printed on the Location cards (10, 12 or 14), to halve for the Scavenging that follows; leave out to skip.'),
    })
    .describe('The Location cards’ Unknown-deck number, if the Unknown deck should be sized too.'),
  result: z
    .object({
      roll: blackRoll('The Black-die roll.'),
      location: describedEnum('TalesSewersExit', {
        near: 'Rolled 1-5: a Near Location (the Starting Zone tile prints "Close Location").',
        distant: 'Rolled 6-8: a Distant Location.',
        far: 'Rolled 9-10: a Far Location.',
      }).describe('The Location the Exploring Party comes out at.'),
      unknownDeckSize: count('Exploration cards in the Unknown deck: half the given number, rounded down. Null when `locationCards` was not given.').optional(),
    })
    .describe('The Location reached from the Sewers exit.'),
  draws: true,
  run: ({ locationCards }, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, SEWERS_EXIT_TABLE, 'the Sewers exit');
    if (locationCards === undefined) return { roll, location: row.outcome };
    const unknownDeckSize = Math.floor(locationCards / SEWERS_UNKNOWN_DIVISOR);
    transcript.add(`The Unknown deck holds half its normal number, rounded down: ${locationCards} → ${unknownDeckSize}`);
    return { roll, location: row.outcome, unknownDeckSize };
  },
});

/** Optional rule: "Whenever you enter the Sewers, roll the Black die and place the corresponding number of Thug miniatures". */
export const sewersThugsEnterProcedure = defineProcedure({
  id: 'twom-tales.sewers-thugs-enter',
  ...TALES_HOME,
  field: 'talesSewersThugsEnter',
  description: 'Sewers optional rule: Thugs and Threat on entering',
  input: z.object({}).describe('No choices: the rule only rolls.'),
  result: z
    .object({
      roll: blackRoll('The Black-die roll.'),
      thugs: z.number().int().min(1).max(MAX_THREAT).describe('Thug miniatures placed on the Sewers Starting Zone tile: 1 on 1-5, 2 on 6-8, 3 on 9-10.'),
      threat: z.number().int().min(1).max(MAX_THREAT).describe('The Threat level of this Sewers Exploration: the number of Thugs on the tile.'),
    })
    .describe('The Thugs placed on entering the Sewers.'),
  draws: true,
  run: (_input, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, SEWERS_THUGS_TABLE, 'Thugs entering the Sewers');
    transcript.add(`Threat level: ${row.outcome}`);
    return { roll, thugs: row.outcome, threat: row.outcome };
  },
});

/**
 * Optional rule, forfeiting: "roll the Black die a number of times equal to
 * the current Threat level"; any result at or below the Threat means the
 * Thugs are met. All rolls are made, as the text asks for all of them.
 */
export const sewersThugsForfeitProcedure = defineProcedure({
  id: 'twom-tales.sewers-thugs-forfeit',
  ...TALES_HOME,
  field: 'talesSewersThugsForfeit',
  description: 'Sewers optional rule: rolls against the Threat on forfeiting',
  input: z
    .object({
      threat: z.number().int().min(0).max(MAX_THREAT).describe('The current Threat level: the Thugs on the Sewers Starting Zone tile, 0 to 3.'),
    })
    .describe('The Threat level when the Exploring Party forfeits and heads back.'),
  result: z
    .object({
      rolls: z.array(blackRoll('One roll.')).describe('One Black-die roll per Threat level, in order.'),
      encounter: z.boolean().describe('True when any roll was equal to or lower than the Threat: the Thugs are met and Combat begins.'),
      thugs: count('Thugs met: the Threat level on an encounter, else 0.'),
      weapon: z.string().optional().describe('What the Thugs are armed with on an encounter ("Knives"); null otherwise.'),
      threat: count('The Threat level afterwards: 0 after the Combat, unchanged when the way back was clear.'),
      scripts: z
        .object({
          stop: z.number().int().describe('The Book of Scripts entry to try to STOP the fight (40).'),
          defeated: z.number().int().describe('The Book of Scripts entry after defeating all Enemies (33).'),
        })
        .describe('The Book of Scripts entries an encounter with the Thugs points to.')
        .optional()
        .describe('Scripts the encounter points to; null when the way back was clear.'),
    })
    .describe('Whether the Thugs were met on the way back.'),
  draws: true,
  run: ({ threat }, { random, transcript }) => {
    const rolls: number[] = [];
    for (let i = 0; i < threat; i++) rolls.push(rollBlack(random, transcript, `the way back (${i + 1} of ${threat}, Threat ${threat})`));
    const encounter = rolls.some((r) => r <= threat);
    if (!encounter) {
      transcript.add(threat === 0 ? 'Threat 0: no rolls, no Thugs' : `No roll is ${threat} or lower: the way back is clear`);
      return { rolls, encounter, thugs: 0, threat };
    }
    transcript.add(
      `A roll of ${threat} or lower: ${threat} Thug${threat > 1 ? 's' : ''} armed with ${SEWERS_THUG_WEAPON} attack — Combat begins (STOP the fight: ${SEWERS_STOP_SCRIPT}; after defeating all Enemies: ${DEFEATED_ALL_SCRIPT}). Afterwards the Threat is 0`,
    );
    return { rolls, encounter, thugs: threat, weapon: SEWERS_THUG_WEAPON, threat: 0, scripts: { stop: SEWERS_STOP_SCRIPT, defeated: DEFEATED_ALL_SCRIPT } };
  },
});
