import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { count } from '@scriptbook/rules-engine';
import { rollOnTable } from '../core/black-die';
import { miseryChange, rollAgainstEveryone } from './desperate-measures';
import { blackRoll, talesCharactersSchema } from './tales.schemas';
import {
  BACK_INTO_EPIDEMIC_DECK,
  DO_NOT_LEAVE_ME_MISERY,
  DO_NOT_LEAVE_ME_TOKENS,
  KEEP_AWAY_MISERY,
  LETS_AVOID_THE_INFECTED_TABLE,
  TALES_HOME,
} from './twom-tales.rules-data';

const afterwards = z.string().describe('The card\'s closing line as printed: "Afterwards, shuffle this card back into the Epidemic deck."');

/** Epidemic card "Let's Avoid the Infected": talk and risk Illness, or keep away at the cost of Misery. */
export const letsAvoidTheInfectedProcedure = defineProcedure({
  id: 'twom-tales.lets-avoid-the-infected',
  ...TALES_HOME,
  field: 'talesLetsAvoidTheInfected',
  description: 'Epidemic card "Let\'s Avoid the Infected": talk with the infected (1-3 means Illness) or raise 1 Character\'s Misery',
  input: z
    .object({
      choice: describedEnum('TalesInfectedChoice', {
        talk: 'Talk with the infected: roll the Black die; on 1-3, 1 chosen Character present raises their Illness by 1.',
        'keep-away': 'Do not talk: 1 chosen Character present raises their Misery by 1; no roll.',
      }).describe('What the group does when they meet the infected.'),
    })
    .describe('The choice the card offers.'),
  result: z
    .object({
      roll: blackRoll('The Black-die roll, made only when talking; null otherwise.').optional(),
      illness: count('Illness 1 chosen Character present gains: 1 on 1-3 after talking, else 0.'),
      misery: count('Misery 1 chosen Character present gains: 1 when keeping away, else 0.'),
      afterwards,
    })
    .describe('What the card does to 1 chosen Character present.'),
  draws: true,
  run: ({ choice }, { random, transcript }) => {
    if (choice === 'keep-away') {
      transcript.add(`Keep away from the infected: choose 1 Character present and raise their Misery by ${KEEP_AWAY_MISERY}`);
      transcript.add(BACK_INTO_EPIDEMIC_DECK);
      return { illness: 0, misery: KEEP_AWAY_MISERY, afterwards: BACK_INTO_EPIDEMIC_DECK };
    }
    const { roll, row } = rollOnTable(random, transcript, LETS_AVOID_THE_INFECTED_TABLE, 'talking with the infected');
    transcript.add(BACK_INTO_EPIDEMIC_DECK);
    return { roll, illness: row.outcome, misery: 0, afterwards: BACK_INTO_EPIDEMIC_DECK };
  },
});

const token = describedEnum('TalesDoNotLeaveMeToDieToken', {
  Meds: 'Discard 1 Meds.',
  'Herbal Meds': 'Discard 1 Herbal Meds.',
  'Canned Food': 'Discard 1 Canned Food.',
  'Raw Food': 'Discard 1 Raw Food.',
  Vegetable: 'Discard 1 Vegetable.',
} satisfies Record<(typeof DO_NOT_LEAVE_ME_TOKENS)[number], string>).describe('A token the card accepts, from the Findings Pile or the Storage.');

/** Epidemic card "Do Not Leave Me to Die...": give up a token, or roll against everyone's Empathy. */
export const doNotLeaveMeToDieProcedure = defineProcedure({
  id: 'twom-tales.do-not-leave-me-to-die',
  ...TALES_HOME,
  field: 'talesDoNotLeaveMeToDie',
  description: 'Epidemic card "Do Not Leave Me to Die...": discard a food or medicine token, or Misery for Empathy at or above the roll',
  input: z
    .object({
      discard: token
        .optional()
        .describe('The token discarded "if you possess such a token"; leave out to roll instead, as when the group has none of them.'),
      characters: talesCharactersSchema
        .optional()
        .describe('Every Character present, each name once; required when rolling (no `discard`).'),
    })
    .describe('Whether a token is discarded, and who is present for the roll otherwise.'),
  result: z
    .object({
      discarded: token.optional().describe('The token discarded; null when the card was resolved with the roll.'),
      roll: blackRoll('The Black-die roll compared with each Character; null when a token was discarded.').optional(),
      characters: z.array(miseryChange).describe('Every Character given, with their new Misery; empty when a token was discarded.'),
      afterwards,
    })
    .describe('How the card was resolved.'),
  draws: true,
  run: ({ discard, characters }, { random, transcript }) => {
    if (discard) {
      transcript.add(`Discarded 1 ${discard}: no roll`);
      transcript.add(BACK_INTO_EPIDEMIC_DECK);
      return { discarded: discard, characters: [], afterwards: BACK_INTO_EPIDEMIC_DECK };
    }
    if (!characters) throw new RuleInputError('characters', 'required', 'characters is required to roll when no token is discarded');
    const rolled = rollAgainstEveryone(characters, 'Do Not Leave Me to Die...', DO_NOT_LEAVE_ME_MISERY, 0, random, transcript);
    transcript.add(BACK_INTO_EPIDEMIC_DECK);
    return { ...rolled, afterwards: BACK_INTO_EPIDEMIC_DECK };
  },
});
