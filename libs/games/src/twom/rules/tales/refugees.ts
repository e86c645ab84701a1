import { z } from 'zod';
import { contentRef, defineProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { count } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { rollBlack } from '../core/black-die';
import { blackRoll } from './tales.schemas';
import { onTrack, stopStep, TrackToken, trackEndsInputSchema, trackStateSchema } from './tracks';
import {
  COVER_ROLL_CARDS,
  CoverRollCard,
  CoverRollCardKey,
  REFUGEES_DAWN,
  refugeesCardContentId,
  TRACK_IDS,
  TALES_HOME,
} from './twom-tales.rules-data';

const COVER = 'Cover track';
const CONDITION = 'Condition track';

function coverRoll(random: Random, transcript: Transcript, cover: TrackToken, loss: number): number {
  const before = cover.value;
  const roll = rollBlack(random, transcript, `the Cover roll (Cover ${before})`);
  if (roll > before) {
    const moved = cover.move(-loss);
    const stop = stopStep(moved.stoppedAt);
    transcript.add(`${roll} is higher than the Cover ${before}: lower the Cover by ${loss} (${before} → ${moved.value}${stop.note})`, stop.extra);
  } else {
    transcript.add(`${roll} is not higher than the Cover ${before}: the Refugees stay hidden`);
  }
  return roll;
}

const coverInput = z.number().int().describe('The Cover of the Refugees: where the COVER token stands on the Cover track (setup places it on "4").');
const coverTrackInput = trackEndsInputSchema.optional().describe("The Cover track's printed ends, if the table reads them off the Refugees Scenario sheet.");

/**
 * Refugees Dawn Phase card, step by step in printed order, including its
 * closing "Lower the Condition by 2." as the seed prints it.
 */
export const refugeesDawnProcedure = defineProcedure({
  id: 'twom-tales.refugees-dawn',
  ...TALES_HOME,
  field: 'talesRefugeesDawn',
  description: "Refugees Dawn card: cold roll, Cover roll and the Refugees' Condition",
  input: z
    .object({
      cover: coverInput,
      condition: z.number().int().describe('The Condition of the Refugees: where the CONDITION token stands on the Condition track (setup places it on "3").'),
      coldTokens: count('Cold tokens on the Cold space.'),
      boardUps: count('Board-Ups in the Shelter.'),
      coverTrack: coverTrackInput,
      conditionTrack: trackEndsInputSchema.optional().describe("The Condition track's printed ends, if the table reads them off the Refugees Scenario sheet."),
    })
    .describe('The Refugees tracks, the Cold and the Board-Ups at the beginning of the Dawn phase.'),
  result: z
    .object({
      coldRoll: blackRoll('The first roll, compared with Cold tokens minus Board-Ups.'),
      coverRoll: blackRoll('The Cover roll.'),
      cover: z.number().int().describe('The Cover afterwards.'),
      condition: z.number().int().describe('The Condition afterwards.'),
      coverTrack: trackStateSchema,
      conditionTrack: trackStateSchema,
    })
    .describe('The Refugees Dawn Phase card resolved in printed order.'),
  draws: true,
  run: (input, { random, transcript }) => {
    const cover = onTrack(input.cover, input.coverTrack, COVER, 'cover', TRACK_IDS.cover);
    const condition = onTrack(input.condition, input.conditionTrack, CONDITION, 'condition', TRACK_IDS.condition);
    const { coldTokens: cold, boardUps } = input;
    const threshold = cold - boardUps;
    const coldRoll = rollBlack(random, transcript, `the cold (Cold ${cold} − Board-Ups ${boardUps} = ${threshold})`);
    if (coldRoll <= threshold) {
      const before = condition.value;
      const moved = condition.move(-REFUGEES_DAWN.coldConditionLoss);
      const stop = stopStep(moved.stoppedAt);
      transcript.add(`${coldRoll} ≤ ${threshold}: lower the Condition by ${REFUGEES_DAWN.coldConditionLoss} (${before} → ${moved.value}${stop.note})`, stop.extra);
    } else {
      transcript.add(`${coldRoll} > ${threshold}: the cold does not hurt the Refugees`);
    }
    const roll = coverRoll(random, transcript, cover, REFUGEES_DAWN.coverRollLoss);
    for (const band of [REFUGEES_DAWN.lowCondition, REFUGEES_DAWN.highCondition]) {
      if (condition.value >= band.from && condition.value <= band.to) {
        const before = cover.value;
        const moved = cover.move(band.coverChange);
        const stop = stopStep(moved.stoppedAt);
        const verb = band.coverChange < 0 ? 'lower' : 'raise';
        transcript.add(`Condition ${condition.value} (${band.from} or ${band.to}): ${verb} the Cover by ${Math.abs(band.coverChange)} (${before} → ${moved.value}${stop.note})`, stop.extra);
      }
    }
    const before = condition.value;
    const moved = condition.move(REFUGEES_DAWN.finalConditionChange);
    const stop = stopStep(moved.stoppedAt);
    transcript.add(`Lower the Condition by ${-REFUGEES_DAWN.finalConditionChange} (${before} → ${moved.value}${stop.note})`, stop.extra);
    return { coldRoll, coverRoll: roll, cover: cover.value, condition: condition.value, coverTrack: cover.state(), conditionTrack: condition.state() };
  },
});

const coverRollCard = describedEnum('TalesCoverRollCard', {
  'we-are-looking-for-someone-night-raids': '"We Are Looking for Someone..." from the Night Raids deck: lower the Cover by 3.',
  'we-know-they-are-here-night-raids': '"We Know They Are Here..." from the Night Raids deck: lower the Cover by 5.',
  'refugees-night-raids': '"Refugees" from the Night Raids deck: lower the Cover by 3.',
  'we-know-they-are-here-visitors': '"We Know They Are Here..." from the Visitors deck: lower the Cover by 5.',
  'we-are-looking-for-someone-visitors-2': '"We Are Looking for Someone..." from the Visitors deck, the copy that makes the Cover roll: lower the Cover by 3.',
  'we-are-looking-for-someone-deck-not-stated': '"We Are Looking for Someone..." whose deck the rulebook does not state: lower the Cover by 3.',
} satisfies Record<CoverRollCardKey, string>).describe(
  'The Refugees card that calls for the Cover roll, one value per printed card. The Visitors-deck "We Are Looking for Someone..." printed with no Cover roll is not among them.',
);

/** "Make the Cover roll using the Black die" from a Refugees Visitors / Night Raids card. */
export const refugeesCoverRollProcedure = defineProcedure({
  id: 'twom-tales.refugees-cover-roll',
  ...TALES_HOME,
  field: 'talesRefugeesCoverRoll',
  description: 'Refugees cards: the Cover roll',
  input: z
    .object({ card: coverRollCard, cover: coverInput, coverTrack: coverTrackInput })
    .describe('The card that calls for the Cover roll and the Cover before it.'),
  result: z
    .object({
      cardId: contentRef('Card', 'The card resolved, as its content id.'),
      roll: blackRoll('The Cover roll.'),
      cover: z.number().int().describe('The Cover afterwards.'),
      coverTrack: trackStateSchema,
      afterwards: z
        .string()
        .nullable()
        .describe("The card's closing line as printed, naming the deck it is shuffled back into; null for the copy whose deck the rulebook does not state."),
    })
    .describe('The Cover roll and the Cover it leaves.'),
  draws: true,
  run: ({ card, cover: start, coverTrack }, { random, transcript }) => {
    const printed: CoverRollCard = COVER_ROLL_CARDS[card];
    const cover = onTrack(start, coverTrack, COVER, 'cover', TRACK_IDS.cover);
    transcript.add(`${printed.title}: make the Cover roll; if higher than the Cover, lower it by ${printed.coverLoss}`);
    const roll = coverRoll(random, transcript, cover, printed.coverLoss);
    transcript.add(printed.afterwards ?? 'The seed does not state which deck this card is shuffled back into');
    return { cardId: refugeesCardContentId(card), roll, cover: cover.value, coverTrack: cover.state(), afterwards: printed.afterwards };
  },
});
