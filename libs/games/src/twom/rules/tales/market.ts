import { z } from 'zod';
import { DieDefinition, rollDie } from '@scriptbook/rules-engine';
import { removeByName } from '@scriptbook/rules-engine/deck/deck';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { count, plain } from '@scriptbook/rules-engine';
import {
  LOOT_TOLERANCE,
  MARKET_DISCARD,
  REALITY_IMPACT,
  STEAL_BLANK,
  STEAL_TOLERANCE_CHANGE,
  STEAL_VALUE_PER_ICON,
  TOLERANCE_MAX,
  TOLERANCE_MIN,
  TOLERANCE_ROWS,
  TALES_HOME,
} from './twom-tales.rules-data';

const waresCard = z
  .object({
    name: plain(z.string().min(1)).describe('The Wares card\'s title; "Reality Impact" is the card that triggers a Tolerance script.'),
    farmer: z.boolean().describe('Whether the card places a Farmer miniature on the Market sheet.'),
    thug: z.boolean().describe('Whether the card places a Thug miniature on the Market sheet.'),
  })
  .describe('A Wares card: its title and the miniatures it places on the Market sheet.');

const marketOption = describedEnum('TalesMarketOption', {
  trade: 'TRADE by the normal rules for the tokens the Wares card shows; green or yellow tokens are not accepted.',
  loot: "Fight the Farmers and Thugs on the Market sheet for the Wares card's tokens; the Tolerance goes to 0.",
  steal: 'Move 1 Character to the Thief space and roll the Grey Combat die for tokens; the Tolerance drops by 1.',
}).describe('An option of the current Wares card.');

const marketInput = z
  .object({
    findingsPile: z.array(plain(z.string().min(1))).min(MARKET_DISCARD).describe('The tokens in the Findings Pile after Scavenging, by name.'),
    discard: plain(z.string().min(1)).describe('The 1 token discarded from the Findings Pile to visit the Market; must be in `findingsPile`.'),
    waresDeck: z.array(waresCard).min(1).describe('The Wares deck, top card first, as it lies (the rulebook gives no shuffling step for it).'),
    tolerance: z
      .number()
      .int()
      .min(TOLERANCE_MIN)
      .max(TOLERANCE_MAX)
      .describe('Where the Tolerance token stands: 0 to 4, the range the Wares cards\' rows "Tolerance: 4", "Tolerance: 3-1" and "Tolerance: 0" cover.'),
    option: marketOption,
    steal: z
      .object({
        thief: plain(z.string().min(1)).describe('The Character moved to the Thief space.'),
        greyDieFaces: z
          .array(count('Icons on one face; 0 is a blank.'))
          .min(1)
          .describe('The Grey Combat die, as icons per face. Rulebook 000 does not print its faces, so the table supplies them.'),
      })
      .describe('The Thief and the Grey Combat die for STEAL.')
      .optional()
      .describe('Required for STEAL: the Thief and the Grey Combat die.'),
  })
  .describe('One visit to the Market after Scavenging, before Choose Findings.');

const marketResult = z
  .object({
    discarded: z.string().describe('The token discarded to visit.'),
    findingsPile: z.array(z.string()).describe('The Findings Pile after the discard.'),
    drawn: z.string().describe('The Wares card drawn.'),
    waresDeck: z.array(waresCard).describe('The Wares deck left, top card first.'),
    realityImpact: z
      .string()
      .optional()
      .describe('Set when Reality Impact was drawn: the Tolerance row ("Tolerance: 4", "Tolerance: 3-1" or "Tolerance: 0") whose script to resolve; no option is resolved.'),
    option: marketOption.optional().describe('The option resolved; null when Reality Impact was drawn.'),
    steal: z
      .object({
        thief: z.string().describe('The Thief.'),
        icons: count('Icons rolled on the Grey Combat die; 0 is a blank.'),
        tokenValue: count('Total worth of tokens shown on the Wares card that may be added to the Findings Pile: up to 5 per icon.'),
        wounds: count('Wounds the Thief suffers: 1 on a blank with a Thug on the Market sheet.'),
        fatigue: count('Fatigue the Thief suffers: 1 on a blank with a Farmer on the Market sheet.'),
      })
      .describe('What STEAL brought the Thief.')
      .optional()
      .describe('What STEAL brought; null for other options.'),
    lootEnemies: z
      .object({
        farmers: count('Enemy tokens to draw for Farmers (armed A – nothing, B – Knife, C – Hatchet).'),
        thugs: count('Enemy tokens to draw for Thugs (armed A – Knife, B – Hatchet, C – Pistol).'),
      })
      .describe('The Enemy tokens LOOT draws.')
      .optional()
      .describe('The Enemies LOOT fights; null for other options.'),
    tolerance: z.number().int().min(TOLERANCE_MIN).max(TOLERANCE_MAX).describe('The Tolerance afterwards.'),
  })
  .describe('The Market visit resolved.');

export function toleranceRow(tolerance: number): string {
  const row = TOLERANCE_ROWS.find((r) => tolerance >= r.from && tolerance <= r.to);
  if (!row) throw new RangeError(`No Tolerance row for ${tolerance}`);
  return row.label;
}

/** One visit to the Market after Scavenging (Farmers and Market module). */
export const marketVisitProcedure = defineProcedure({
  id: 'twom-tales.market-visit',
  ...TALES_HOME,
  field: 'talesMarketVisit',
  description: 'Market: discard, draw Wares, TRADE / LOOT / STEAL and the Tolerance track',
  input: marketInput,
  result: marketResult,
  draws: true,
  run: (input, { random, transcript }) => {
    if (!input.findingsPile.includes(input.discard)) {
      throw new RuleInputError('discard', 'missing-card', `discard "${input.discard}" is not in the Findings Pile`);
    }
    if (input.option === 'steal' && !input.steal) throw new RuleInputError('steal', 'required', 'steal is required for the STEAL option');
    const pile = removeByName(input.findingsPile, input.discard, { field: 'findingsPile', label: 'Findings Pile', transcript });
    const [card, ...rest] = input.waresDeck;
    const base = { discarded: input.discard, findingsPile: [...pile.deck], drawn: card.name, waresDeck: rest };
    transcript.add(`Drew ${card.name} from the Wares deck`);
    if (card.name.toLowerCase() === REALITY_IMPACT.toLowerCase()) {
      const row = toleranceRow(input.tolerance);
      transcript.add(`Reality Impact: resolve the script for the current Tolerance (${row})`);
      return { ...base, realityImpact: row, tolerance: input.tolerance };
    }
    const minis = [card.farmer ? 'Farmer' : '', card.thug ? 'Thug' : ''].filter(Boolean).join(' and ') || 'no miniatures';
    transcript.add(`${card.name} is the current Wares card (${minis} on the Market sheet); option chosen: ${input.option.toUpperCase()}`);
    let tolerance = input.tolerance;
    let extra: Partial<z.input<typeof marketResult>> = {};
    if (input.option === 'steal') {
      const steal = input.steal!;
      const die: DieDefinition = { id: 'grey-combat', name: 'Grey Combat die', faces: steal.greyDieFaces };
      const icons = rollDie(random, die).value as number;
      transcript.add(`${steal.thief} rolled the Grey Combat die: ${icons === 0 ? 'blank' : `${icons} icon${icons > 1 ? 's' : ''}`}`, { die: die.id, value: icons });
      const blank = icons === 0;
      const wounds = blank && card.thug ? STEAL_BLANK.thug.wounds : 0;
      const fatigue = blank && card.farmer ? STEAL_BLANK.farmer.fatigue : 0;
      if (blank) transcript.add(`Blank: the Thief suffers ${wounds} Wound(s) (Thug space) and ${fatigue} Fatigue (Farmer space)`);
      else transcript.add(`Add tokens from the Wares card worth up to ${STEAL_VALUE_PER_ICON} per icon: ${icons * STEAL_VALUE_PER_ICON} in all`);
      tolerance = Math.max(TOLERANCE_MIN, tolerance + STEAL_TOLERANCE_CHANGE);
      extra = { steal: { thief: steal.thief, icons, tokenValue: icons * STEAL_VALUE_PER_ICON, wounds, fatigue } };
    } else if (input.option === 'loot') {
      const lootEnemies = { farmers: card.farmer ? 1 : 0, thugs: card.thug ? 1 : 0 };
      transcript.add(`LOOT: draw 1 Enemy token per miniature (${lootEnemies.farmers} Farmer, ${lootEnemies.thugs} Thug); Combat begins`);
      tolerance = LOOT_TOLERANCE;
      extra = { lootEnemies };
    } else {
      transcript.add('TRADE according to normal rules; green or yellow tokens are not accepted');
    }
    transcript.add(`Tolerance ${input.tolerance} → ${tolerance} (${toleranceRow(tolerance)})`);
    transcript.add('Remove the Farmer and Thug miniatures; the Thief returns to the Findings Pile; resolve Choose Findings');
    return { ...base, option: input.option, ...extra, tolerance };
  },
});
