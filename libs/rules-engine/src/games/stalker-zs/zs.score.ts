import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { ZS_SCORING } from './zs.rules-data';
import { ScoreCardData, ZsStalkerFormulaData } from './zs.types';
import { zsArray, zsBoolean, zsFormula, zsInt, zsObject, zsStalkerCount, zsString } from './zs.validate';

export interface ZoneSurvivalScoreInput {
  readonly scenario: { readonly id: string; readonly name: string; readonly valueTarget: ZsStalkerFormulaData | null };
  readonly stalkerCount: number;
  /** Whether the Scenario's main Objective was met; derived from `collectedValue` where the Scenario has a value target. */
  readonly objectiveMet?: boolean;
  /** Gather Supplies: value of the stuff collected, in K. */
  readonly collectedValue?: number;
  /** Face-up cards with the Request tag and whether each condition was met. */
  readonly requests?: readonly { readonly cardId: string; readonly met: boolean }[];
  /**
   * Every Setup, Event and Character card "included in the game, even from
   * discarded cards ... and cards not drawn from the Event deck".
   */
  readonly cards: readonly ScoreCardData[];
}

export interface ZsScoreBreakdown {
  readonly victoryPoints: number;
  readonly minusIcons: number;
  readonly plusIcons: number;
  readonly valueBonus: number;
}

export interface ZoneSurvivalScoreResult {
  readonly victory: boolean;
  readonly objectiveMet: boolean;
  readonly valueTarget: number | null;
  readonly failedRequests: readonly string[];
  /** Null on a defeat, or when a counted card's modifiers are unknown (see `unscoredCards`). */
  readonly score: number | null;
  /** The score from the cards whose modifiers are known; equals `score` when complete. */
  readonly partialScore: number | null;
  readonly breakdown: ZsScoreBreakdown | null;
  readonly unscoredCards: readonly string[];
}

function checkCards(value: unknown): readonly ScoreCardData[] {
  return zsArray<unknown>(value, 'cards').map((item, i) => {
    const c = zsObject(item, `cards[${i}]`);
    zsString(c.id, `cards[${i}].id`);
    zsString(c.name, `cards[${i}].name`);
    zsString(c.cardType, `cards[${i}].cardType`);
    if (c.scoreModifier !== null) {
      const m = zsObject(c.scoreModifier, `cards[${i}].scoreModifier`);
      zsInt(m.plus, `cards[${i}].scoreModifier.plus`, 0);
      zsInt(m.minus, `cards[${i}].scoreModifier.minus`, 0);
    }
    return c as unknown as ScoreCardData;
  });
}

/**
 * "If the main Objective of the Scenario has been fulfilled and you have also
 * met the condition of the cards with the Request tag that is face up next to
 * the Map (if any), the game ends with the Stalkers' victory." The score is
 * counted on a victory only: modifiers "only affect the game's outcome if you win".
 */
export function zoneSurvivalScore(input: ZoneSurvivalScoreInput, seed: string): Resolution<ZoneSurvivalScoreResult> {
  zsObject(input, 'input');
  const scenario = zsObject(input.scenario, 'scenario');
  zsString(scenario.id, 'scenario.id');
  const formula = zsFormula(scenario.valueTarget, 'scenario.valueTarget');
  const stalkerCount = zsStalkerCount(input.stalkerCount);
  const valueTarget = formula ? formula.base + formula.perStalker * stalkerCount : null;
  const collected = valueTarget === null ? null : zsInt(input.collectedValue, 'collectedValue', 0);
  const objectiveMet = collected !== null && valueTarget !== null ? collected >= valueTarget : zsBoolean(input.objectiveMet, 'objectiveMet');
  const requests = zsArray<unknown>(input.requests ?? [], 'requests').map((r, i) => {
    const o = zsObject(r, `requests[${i}]`);
    return { cardId: zsString(o.cardId, `requests[${i}].cardId`), met: zsBoolean(o.met, `requests[${i}].met`) };
  });
  const cards = checkCards(input.cards);

  return resolve(seed, (_random, transcript) => {
    if (valueTarget !== null) {
      transcript.add(`Collected ${collected} K against ${valueTarget} K (${formula!.base} K + ${stalkerCount} × ${formula!.perStalker} K)`);
    }
    transcript.add(objectiveMet ? 'The main Objective is fulfilled' : 'The main Objective is not fulfilled');
    const failedRequests = requests.filter((r) => !r.met).map((r) => r.cardId);
    if (failedRequests.length) transcript.add(`Request not met: ${failedRequests.join(', ')}`);
    const victory = objectiveMet && failedRequests.length === 0;
    if (!victory) {
      transcript.add("The game ends with the Stalkers' defeat; defeats are not scored");
      return { victory, objectiveMet, valueTarget, failedRequests, score: null, partialScore: null, breakdown: null, unscoredCards: [] };
    }
    let minusIcons = 0;
    let plusIcons = 0;
    const unscoredCards: string[] = [];
    for (const card of cards) {
      if (!ZS_SCORING.countedCardTypes.includes(card.cardType)) continue;
      if (!card.scoreModifier) {
        unscoredCards.push(card.id);
        continue;
      }
      minusIcons += card.scoreModifier.minus;
      plusIcons += card.scoreModifier.plus;
    }
    const valueBonus =
      collected !== null && valueTarget !== null && collected > valueTarget
        ? Math.floor((collected - valueTarget) / ZS_SCORING.valueBonusPerK) * ZS_SCORING.valueBonusPoints
        : 0;
    const partialScore =
      ZS_SCORING.victoryPoints + minusIcons * ZS_SCORING.pointsPerMinusIcon + plusIcons * ZS_SCORING.pointsPerPlusIcon + valueBonus;
    transcript.add(`Victory: ${ZS_SCORING.victoryPoints} points`);
    transcript.add(`Score modifiers: +${minusIcons} for minus icons, −${plusIcons} for plus icons`, { detail: { minusIcons, plusIcons } });
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
      breakdown: { victoryPoints: ZS_SCORING.victoryPoints, minusIcons, plusIcons, valueBonus },
      unscoredCards,
    };
  });
}
