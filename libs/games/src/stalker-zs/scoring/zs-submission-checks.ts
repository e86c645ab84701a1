import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { checkPlainText } from '@scriptbook/schema';
import type { ChallengeTerms, ScoredPlay, ScoringLimits } from '../../game-scoring';
import { parseZsCardId } from '../content/zs-card-ids';
import { zsCard, ZsContent } from '../rules/zs.bind';
import { ZS_MAX_STALKERS, ZS_MIN_STALKERS } from '../rules/zs.rules-data';
import { zoneSurvivalScoreProcedure } from '../rules/zs.score';
import { ZsCardData } from '../rules/zs.types';
import { ZsBreakdown, ZsChallenge, ZsModifierSource, ZsSubmission } from './zs-scoring.schemas';

export type ZsScoreInput = z.input<typeof zoneSurvivalScoreProcedure.input>;
export type ZsScoreOutcome = z.output<typeof zoneSurvivalScoreProcedure.result>;

/** Setup cards in every game: Step 3 fills four slots. */
const SETUP_CARDS_PER_GAME = 4;
/** Bounds on what a player may declare, against typing slips and abuse; the seeds print at most two icons on a card. */
const MAX_DECLARED_ICONS = 9;
const MAX_CARDS = 200;
const MAX_STALKER_NAME = 64;
const DECLARED_CARD_ID = /^stalker-zs:card:[a-z0-9-]+:[a-z0-9-]+$/;

const reject = (field: string, rule: string, message: string): never => {
  throw new RuleInputError(field, rule, message);
};

/** The catalogue as one submission sees it: the content's cards plus the players' declared ones. */
export function catalogueFor(content: ZsContent, submission: ZsSubmission): { content: ZsContent; declared: ReadonlySet<string> } {
  const cards = new Map(content.cards);
  const declared = new Set<string>();
  (submission.declaredCards ?? []).forEach((card, i) => {
    const field = `declaredCards[${i}]`;
    const known = zsCard(content, card.cardId);
    const cardId = known?.id ?? card.cardId;
    if (declared.has(cardId)) reject(`${field}.cardId`, 'unique', `${card.cardId} is declared twice`);
    if (!submission.cardIds.some((id) => (zsCard(content, id)?.id ?? id) === cardId)) reject(`${field}.cardId`, 'not-in-cards', `${card.cardId} is not among cardIds`);
    for (const side of ['plus', 'minus'] as const) {
      if (!Number.isInteger(card[side]) || card[side] < 0 || card[side] > MAX_DECLARED_ICONS) {
        reject(`${field}.${side}`, 'range', `a card shows 0 to ${MAX_DECLARED_ICONS} icons of a kind`);
      }
    }
    // A modifier the catalogue only infers may be declared: the players read it on the card they hold.
    if (known?.scoreModifier?.basis === 'printed') reject(`${field}.cardId`, 'modifier-known', `${known.name}'s score modifier is printed in the catalogue; do not declare it`);
    const types = known ? (known.cardType !== null ? [known.cardType] : (known.cardTypeOneOf ?? [])) : [card.cardType];
    if (!types.includes(card.cardType)) reject(`${field}.cardType`, 'card-type', `${known!.name} is a ${types.join(' or ')} card`);
    if (!known && !DECLARED_CARD_ID.test(card.cardId)) {
      reject(`${field}.cardId`, 'format', 'a card the catalogue does not hold is named `stalker-zs:card:<type>:<name>` in lower case');
    }
    declared.add(cardId);
    const asCard: ZsCardData = {
      id: cardId,
      name: known?.name ?? card.cardId,
      cardType: card.cardType,
      tags: known?.tags ?? (card.request ? ['Request'] : []),
      tagsKnown: known ? known.tagsKnown : false,
      request: known?.request ?? null,
      scoreModifier: { plus: card.plus, minus: card.minus, basis: 'printed', reasoning: null },
      fateTriggers: known?.fateTriggers ?? null,
    };
    cards.set(cardId, asCard);
  });
  return { content: { ...content, cards }, declared };
}

/** Checks that need the content but not the score: the game as a whole could have been played. */
export function checkGameShape(content: ZsContent, submission: ZsSubmission): void {
  if (!Number.isInteger(submission.stalkerCount) || submission.stalkerCount < ZS_MIN_STALKERS || submission.stalkerCount > ZS_MAX_STALKERS) {
    reject('stalkerCount', 'range', `Zone Survival is played by ${ZS_MIN_STALKERS} to ${ZS_MAX_STALKERS} Stalkers`);
  }
  const scenario = content.scenarios.get(submission.scenarioId);
  if (!scenario) reject('scenarioId', 'unknown', `"${submission.scenarioId}" is not one of the ten Scenarios`);
  if (!content.maps.some((m) => m.id === submission.mapId)) reject('mapId', 'unknown', `"${submission.mapId}" is not one of the ten Maps`);
  if (submission.stalkers.length !== submission.stalkerCount) {
    reject('stalkers', 'matches-stalker-count', `name one Stalker per Stalker counted (${submission.stalkerCount})`);
  }
  const names = new Set<string>();
  submission.stalkers.forEach((name, i) => {
    // A name shows on the boards and in other players' apps: the platform's plain-text rule, as for display names.
    const checked = checkPlainText(name, { maxLength: MAX_STALKER_NAME });
    if (!checked.ok) return reject(`stalkers[${i}]`, checked.rule, `a Stalker's name, 1 to ${MAX_STALKER_NAME} characters of plain text: ${checked.message}`);
    const key = checked.value.toLowerCase();
    if (names.has(key)) reject(`stalkers[${i}]`, 'unique', `${checked.value} is named twice`);
    names.add(key);
  });
  if (submission.cardIds.length > MAX_CARDS) reject('cardIds', 'max-length', `at most ${MAX_CARDS} cards`);
  const plan = scenario!.plans.get(submission.stalkerCount)!;
  if (!Number.isInteger(submission.roundsPlayed) || submission.roundsPlayed < 1) reject('roundsPlayed', 'range', 'at least one Round is played');
  if (plan.eventDeckSize !== null && submission.roundsPlayed > plan.eventDeckSize) {
    reject('roundsPlayed', 'event-deck-size', `${scenario!.data.name} with ${submission.stalkerCount} Stalkers lasts at most ${plan.eventDeckSize} Rounds`);
  }
}

/**
 * A card's type in this game: the catalogue's, else the deck the submission
 * named it by (`stalker-zs:card:setup:workshop`), else the one type the seeds
 * leave it (Kalyna, read as a Character card), else null: a card that may be
 * a Setup or an Event card, given by its type-free id.
 */
function typeInGame(card: ZsCardData, namedAs: string): string | null {
  const onlyType = card.cardTypeOneOf?.length === 1 ? card.cardTypeOneOf[0] : null;
  return card.cardType ?? parseZsCardId(namedAs)?.cardType ?? onlyType;
}

/**
 * Checks on the cards: each known, none twice under any of its names, Setup
 * cards four with distinct tags, the Event deck its printed size. A card of
 * unknown type fills whichever of the two counts is short, so the counts
 * hold when some split of those cards makes them add up.
 */
export function checkCards(content: ZsContent, declared: ReadonlySet<string>, submission: ZsSubmission): void {
  const seen = new Map<string, string>();
  const setupCards: ZsCardData[] = [];
  let eventCards = 0;
  let untyped = 0;
  submission.cardIds.forEach((id, i) => {
    const card = zsCard(content, id);
    if (!card) return reject(`cardIds[${i}]`, 'unknown', `${id} is not in the catalogue; declare it in declaredCards with its type and icons`);
    const first = seen.get(card.id);
    if (first !== undefined) reject(`cardIds[${i}]`, 'unique', first === id ? `${id} is listed twice` : `${id} and ${first} name the same card`);
    seen.set(card.id, id);
    const type = typeInGame(card, id);
    if (type === 'setup') setupCards.push(card);
    if (type === 'event') eventCards += 1;
    if (type === null) untyped += 1;
  });
  const setupShort = SETUP_CARDS_PER_GAME - setupCards.length;
  if (setupShort < 0 || setupShort > untyped) {
    const listed = untyped ? `${setupCards.length} are listed, and ${untyped} of unknown type` : `${setupCards.length} are listed`;
    reject('cardIds', 'setup-card-count', `a game has ${SETUP_CARDS_PER_GAME} Setup cards; ${listed}`);
  }
  const tagsSeen = new Map<string, string>();
  for (const card of setupCards) {
    if (card.tagsKnown === false || declared.has(card.id)) continue;
    for (const tag of card.tags) {
      const key = tag.trim().toLowerCase();
      const other = tagsSeen.get(key);
      if (other) reject('cardIds', 'distinct-setup-tags', `${card.name} and ${other} share the tag ${tag}; "All cards drawn during the Setup must have different tags"`);
      tagsSeen.set(key, card.name);
    }
  }
  const plan = content.scenarios.get(submission.scenarioId)!.plans.get(submission.stalkerCount)!;
  // The cards of unknown type that are not Setup cards are Event cards ("Setup and Event cards").
  if (plan.eventDeckSize !== null && eventCards + (untyped - setupShort) !== plan.eventDeckSize) {
    const listed = untyped ? `${eventCards} are listed, and ${untyped - setupShort} of unknown type beside the Setup cards` : `${eventCards} are listed`;
    reject('cardIds', 'event-deck-size', `the Event deck of this Scenario for ${submission.stalkerCount} Stalkers holds ${plan.eventDeckSize} cards; ${listed}`);
  }
}

/** A daily challenge submission plays the challenge's setup. */
export function checkChallenge(terms: ChallengeTerms<ZsChallenge>, submission: ZsSubmission): void {
  for (const [field, expected] of [
    ['scenarioId', terms.scenarioId],
    ['mapId', terms.mapId],
    ['stalkerCount', terms.stalkerCount],
  ] as const) {
    if (submission[field] !== expected) reject(field, 'challenge-setup', `the challenge ${terms.id} is played with ${field} ${expected}`);
  }
  for (const id of terms.setupCardIds) {
    if (!submission.cardIds.includes(id)) reject('cardIds', 'challenge-setup', `the challenge ${terms.id} drew the Setup card ${id}; it is missing`);
  }
  for (const id of terms.eventCardIds ?? []) {
    if (!submission.cardIds.includes(id)) reject('cardIds', 'challenge-setup', `the challenge ${terms.id} drew the Event card ${id}; it is missing`);
  }
}

/**
 * The engine's outcome as a scored play: verified when every counted card's
 * modifier is one the seeds print. A declared modifier rests on the players'
 * word and an inferred one on a reading of ours, so either leaves it unverified.
 */
export function toScoredPlay(outcome: ZsScoreOutcome, declared: ReadonlySet<string>, limits: ScoringLimits): ScoredPlay<ZsBreakdown> {
  if (!outcome.victory || !outcome.breakdown) return { victory: false, score: null, verified: declared.size === 0, breakdown: null };
  if (outcome.unscoredCards.length > 0 || outcome.score === null) {
    return reject('declaredCards', 'required', `the score modifiers of ${outcome.unscoredCards.join(', ')} are not in the catalogue; declare them`);
  }
  // Only the Gather Supplies bonus grows without a bound the cards set.
  if (Math.abs(outcome.score) > limits.maxScore) reject('collectedValue', 'impossible-score', `a score of ${outcome.score} is beyond any game's reach`);
  const sourceOf = (cardId: string, inferred: boolean): ZsModifierSource => (declared.has(cardId) ? 'DECLARED' : inferred ? 'INFERRED' : 'PRINTED');
  const b = outcome.breakdown;
  return {
    victory: true,
    score: outcome.score,
    verified: declared.size === 0 && outcome.breakdown.inferredCardIds.length === 0,
    breakdown: {
      victoryPoints: b.victoryPoints,
      minusIcons: b.minusIcons,
      plusIcons: b.plusIcons,
      valueBonus: b.valueBonus,
      cards: b.modifiers.map((m) => ({ cardId: m.cardId, plus: m.plus, minus: m.minus, source: sourceOf(m.cardId, m.inferred) })),
    },
  };
}

/** The score procedure's input from a submission. */
export function scoreInputOf(input: ZsSubmission): ZsScoreInput {
  return {
    scenarioId: input.scenarioId,
    stalkerCount: input.stalkerCount,
    ...(input.objectiveMet !== null && input.objectiveMet !== undefined ? { objectiveMet: input.objectiveMet } : {}),
    ...(input.collectedValue !== null && input.collectedValue !== undefined ? { collectedValue: input.collectedValue } : {}),
    requests: (input.requests ?? []).map((r) => ({ cardId: r.cardId, met: r.met, ...(r.discarded ? { discarded: true } : {}) })),
    cardIds: [...input.cardIds],
  };
}
