import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { RuleInputError } from '@scriptbook/rules-engine';
import { contentRef, defineProcedure } from '@scriptbook/rules-engine';
import { bindZsContent, zsCard } from './zs.bind';
import { ZS_GAME_ID, ZS_SCORING } from './zs.rules-data';
import { stalkerCountSchema, uniqueIds } from './zs.schemas';
import { ZsCardData } from './zs.types';

const input = z
  .object({
    scenarioId: plain(z.string().min(1)).describe('The Scenario played.'),
    stalkerCount: stalkerCountSchema,
    objectiveMet: z
      .boolean()
      .optional()
      .describe(
        'Whether the main Objective of the Scenario was met. Required where the Scenario has no value target; in Gather Supplies it defaults to whether collectedValue reaches the target, and `false` stands (a value collected does not make up for Stalkers who did not escape).',
      ),
    collectedValue: z.number().int().min(0).optional().describe('Gather Supplies: the value of the stuff collected, in K, starting Equipment included.'),
    requests: z
      .array(
        z
          .object({
            cardId: plain(z.string().min(1)).describe('A card with the Request tag that was in play (a card whose tags the rulebook does not print may be listed when the printed card has the tag).'),
            met: z.boolean().describe('Whether its Request condition was met at the end.'),
            discarded: z
              .boolean()
              .optional()
              .describe('True when the card was no longer face up at the end, so its condition is not checked ("a card with the Request tag is face up next to the Map").'),
          })
          .describe('A Request card and its outcome.'),
      )
      .optional()
      .superRefine((list, ctx) => uniqueIds((list ?? []).map((r) => r.cardId), ctx, (i) => [i, 'cardId']))
      .describe('Every card with the Request tag among `cardIds`, each once, with whether its condition was met.'),
    cardIds: z
      .array(plain(z.string().min(1)).describe('A card id.'))
      .superRefine((ids, ctx) => uniqueIds(ids, ctx))
      .describe(
        'Every Setup, Event and Character card included in the game, each once: drawn or not, discarded or not. A card the rulebooks name without its deck may be given by its type-free id or by the id of the deck it was drawn from (`stalker-zs:card:setup:workshop`).',
      ),
  })
  .describe('The end of a game: its Scenario, its outcome and every card included.');

const modifier = z
  .object({
    cardId: contentRef('Card', 'The card counted.'),
    plus: z.number().int().describe('Its [blue plus icon] count.'),
    minus: z.number().int().describe('Its [red minus icon] count.'),
    inferred: z
      .boolean()
      .describe('False when the rulebook shows these icons; true when the count is a reading the rulebook does not state in so many words, explained in `reasoning`.'),
    reasoning: z.string().nullable().describe('Why an inferred modifier reads as it does; null when printed.'),
  })
  .describe('One card\'s score modifier as counted.');

const result = z
  .object({
    victory: z.boolean().describe('The main Objective fulfilled and every face-up Request met.'),
    objectiveMet: z.boolean().describe('Whether the main Objective was fulfilled.'),
    valueTarget: z.number().int().nullable().describe('Gather Supplies: the value to collect, in K; null elsewhere.'),
    failedRequests: z.array(z.string().describe('A Request card id.')).describe('Face-up Request cards whose condition was not met; any one is a defeat.'),
    score: z.number().int().nullable().describe('The score of a victory; null on a defeat, or while a counted card\'s modifiers are unknown.'),
    partialScore: z.number().int().nullable().describe('The score from the cards whose modifiers are known; equals `score` when complete, null on a defeat.'),
    breakdown: z
      .object({
        victoryPoints: z.number().int().describe('"The victory itself is worth 20 points."'),
        minusIcons: z.number().int().describe('[red minus icon]s counted, 1 point each.'),
        plusIcons: z.number().int().describe('[blue plus icon]s counted, minus 1 point each.'),
        valueBonus: z.number().int().describe('Gather Supplies: 1 point for each full 1,000 K above the target.'),
        modifiers: z.array(modifier).describe('Each counted card\'s modifier, printed or inferred.'),
        inferredCardIds: z.array(contentRef('Card', 'A card whose modifier is inferred.')).describe('Cards whose modifier is a reading, not a printed count.'),
      })
      .nullable()
      .describe('How the score adds up; null on a defeat.'),
    unscoredCards: z.array(z.string().describe('A card id.')).describe('Counted cards whose modifiers the rulebook does not show.'),
  })
  .describe('Victory or defeat, and the score of a victory.');

/**
 * Whether the rule counts a card's icons: its type is one of the counted ones,
 * or, where the seeds do not give its type, every type it may have is.
 */
function countsForScore(card: ZsCardData): boolean {
  const types = card.cardType !== null ? [card.cardType] : (card.cardTypeOneOf ?? []);
  return types.length > 0 && types.every((type) => ZS_SCORING.countedCardTypes.includes(type));
}

const isRequestCard = (card: ZsCardData) => card.request != null || card.tags.some((t) => t.trim().toLowerCase() === 'request');

/**
 * "If the main Objective of the Scenario has been fulfilled and you have also
 * met the condition of the cards with the Request tag that is face up next to
 * the Map (if any), the game ends with the Stalkers' victory." The score is
 * counted on a victory only: modifiers "only affect the game's outcome if you win".
 */
export const zoneSurvivalScoreProcedure = defineProcedure({
  id: 'stalker-zs.score',
  gameId: ZS_GAME_ID,
  field: 'zoneSurvivalScore',
  description: 'End of the game: victory check and score (20, +1 per minus icon, −1 per plus icon, Gather Supplies bonus)',
  input,
  result,
  draws: false,
  bind: bindZsContent,
  run: ({ scenarioId, stalkerCount, objectiveMet: given, collectedValue, requests = [], cardIds }, { transcript, content }) => {
    const scenario = content.scenarios.get(scenarioId)?.data;
    if (!scenario) throw new RuleInputError('scenarioId', 'unknown', `scenarioId "${scenarioId}" is not one of the ten Scenarios`);
    const cards = cardIds.map((id, i) => {
      const card = zsCard(content, id);
      if (!card) throw new RuleInputError(`cardIds[${i}]`, 'unknown', `cardIds[${i}] "${id}" is not a Zone Survival card`);
      const first = cardIds.findIndex((other) => zsCard(content, other) === card);
      if (first !== i) throw new RuleInputError(`cardIds[${i}]`, 'unique', `cardIds[${i}] "${id}" names ${card.name}, already listed as cardIds[${first}]`);
      return card;
    });
    requests.forEach((r, i) => {
      const named = zsCard(content, r.cardId);
      const card = cards.find((c) => c === named);
      if (!card) throw new RuleInputError(`requests[${i}].cardId`, 'not-in-cards', `requests[${i}].cardId "${r.cardId}" is not among cardIds`);
      // A card whose tags the seed does not print may carry the Request tag: the table knows, so it may say so.
      if (!isRequestCard(card) && card.tagsKnown !== false) throw new RuleInputError(`requests[${i}].cardId`, 'not-a-request', `${card.name} has no Request`);
    });
    const unanswered = cards.find((c) => isRequestCard(c) && !requests.some((r) => zsCard(content, r.cardId) === c));
    if (unanswered) {
      throw new RuleInputError('requests', 'required', `${unanswered.name} has the Request tag: list it in requests with whether its condition was met`);
    }

    const f = scenario.valueTarget;
    const valueTarget = f ? f.base + f.perStalker * stalkerCount : null;
    if (valueTarget !== null && collectedValue === undefined) throw new RuleInputError('collectedValue', 'required', `${scenario.name} needs collectedValue`);
    if (valueTarget === null && given === undefined) throw new RuleInputError('objectiveMet', 'required', `${scenario.name} needs objectiveMet`);
    const reached = valueTarget !== null ? collectedValue! >= valueTarget : null;
    if (given === true && reached === false) {
      throw new RuleInputError('objectiveMet', 'conflict', `${collectedValue} K is short of the ${valueTarget} K ${scenario.name} requires, so its Objective is not met`);
    }
    const objectiveMet = given ?? reached!;

    if (valueTarget !== null) transcript.add(`Collected ${collectedValue} K against ${valueTarget} K (${f!.base} K + ${stalkerCount} × ${f!.perStalker} K)`);
    transcript.add(objectiveMet ? 'The main Objective is fulfilled' : 'The main Objective is not fulfilled');
    const failedRequests = requests.filter((r) => !r.met && !r.discarded).map((r) => r.cardId);
    if (failedRequests.length) transcript.add(`Request not met: ${failedRequests.join(', ')}`);
    const victory = objectiveMet && failedRequests.length === 0;
    if (!victory) {
      transcript.add("The game ends with the Stalkers' defeat; defeats are not scored");
      return { victory, objectiveMet, valueTarget, failedRequests, score: null, partialScore: null, breakdown: null, unscoredCards: [] };
    }

    let minusIcons = 0;
    let plusIcons = 0;
    const unscoredCards: string[] = [];
    const modifiers: z.input<typeof modifier>[] = [];
    for (const card of cards) {
      if (!countsForScore(card)) continue;
      const m = card.scoreModifier;
      if (!m) {
        unscoredCards.push(card.id);
        continue;
      }
      minusIcons += m.minus;
      plusIcons += m.plus;
      modifiers.push({ cardId: card.id, plus: m.plus, minus: m.minus, inferred: m.basis === 'inferred', reasoning: m.reasoning ?? null });
    }
    const inferredCardIds = modifiers.filter((m) => m.inferred).map((m) => m.cardId);
    const valueBonus =
      valueTarget !== null && collectedValue! > valueTarget ? Math.floor((collectedValue! - valueTarget) / ZS_SCORING.valueBonusPerK) * ZS_SCORING.valueBonusPoints : 0;
    const partialScore = ZS_SCORING.victoryPoints + minusIcons * ZS_SCORING.pointsPerMinusIcon + plusIcons * ZS_SCORING.pointsPerPlusIcon + valueBonus;
    transcript.add(`Victory: ${ZS_SCORING.victoryPoints} points`);
    transcript.add(`Score modifiers: +${minusIcons} for minus icons, −${plusIcons} for plus icons`, { detail: { minusIcons, plusIcons } });
    if (inferredCardIds.length) transcript.add(`Inferred, not printed: the modifiers of ${inferredCardIds.join(', ')}`);
    if (valueTarget !== null) transcript.add(`Above the target: ${valueBonus} point${valueBonus === 1 ? '' : 's'}, 1 for each full 1,000 K`);
    if (unscoredCards.length) transcript.add(`Score modifiers unknown for ${unscoredCards.join(', ')}: the score is incomplete`);
    const score = unscoredCards.length ? null : partialScore;
    transcript.add(score === null ? `Partial score: ${partialScore}` : `Score: ${score}`);
    return {
      victory,
      objectiveMet,
      valueTarget,
      failedRequests,
      score,
      partialScore,
      breakdown: { victoryPoints: ZS_SCORING.victoryPoints, minusIcons, plusIcons, valueBonus, modifiers, inferredCardIds },
      unscoredCards,
    };
  },
});
