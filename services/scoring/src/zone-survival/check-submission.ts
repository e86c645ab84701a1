import { BadUserInputError } from '@scriptbook/platform';
import { RuleInputError, ZsCardData, ZsContent } from '@scriptbook/rules-engine';
import { MAX_BOARD_SCORE } from '../boards/board-score';
import { ScoreOutcome } from './zone-survival-rules';
import { ChallengeTerms, CheckedResult, ModifierSource, ZoneSurvivalSubmission } from './zone-survival-submission';

/** Setup cards in every game: Step 3 fills four slots. */
const SETUP_CARDS_PER_GAME = 4;
/** Bounds on what a player may declare, against typing slips and abuse; the seeds print at most two icons on a card. */
const MAX_DECLARED_ICONS = 9;
const MAX_CARDS = 200;
const MAX_STALKER_NAME = 64;
const CLIENT_SUBMISSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
const DECLARED_CARD_ID = /^stalker-zs:card:[a-z0-9-]+:[a-z0-9-]+$/;

const reject = (field: string, rule: string, message: string): never => {
  throw new BadUserInputError(`input.${field}`, rule, `input.${field}: ${message}`);
};

/** The catalogue as one submission sees it: the content's cards plus the player's declared ones. */
export function catalogueFor(content: ZsContent, submission: ZoneSurvivalSubmission): { content: ZsContent; declared: ReadonlySet<string> } {
  const cards = new Map(content.cards);
  const declared = new Set<string>();
  (submission.declaredCards ?? []).forEach((card, i) => {
    const field = `declaredCards[${i}]`;
    if (declared.has(card.cardId)) reject(`${field}.cardId`, 'unique', `${card.cardId} is declared twice`);
    if (!submission.cardIds.includes(card.cardId)) reject(`${field}.cardId`, 'not-in-cards', `${card.cardId} is not among cardIds`);
    for (const side of ['plus', 'minus'] as const) {
      if (!Number.isInteger(card[side]) || card[side] < 0 || card[side] > MAX_DECLARED_ICONS) {
        reject(`${field}.${side}`, 'range', `a card shows 0 to ${MAX_DECLARED_ICONS} icons of a kind`);
      }
    }
    const known = content.cards.get(card.cardId);
    if (known?.scoreModifier) reject(`${field}.cardId`, 'modifier-known', `${known.name}'s score modifier is in the catalogue; do not declare it`);
    if (known && known.cardType !== card.cardType) reject(`${field}.cardType`, 'card-type', `${known.name} is a ${known.cardType} card`);
    if (!known && !DECLARED_CARD_ID.test(card.cardId)) {
      reject(`${field}.cardId`, 'format', 'a card the catalogue does not hold is named `stalker-zs:card:<type>:<name>` in lower case');
    }
    declared.add(card.cardId);
    const asCard: ZsCardData = {
      id: card.cardId,
      name: known?.name ?? card.cardId,
      cardType: card.cardType,
      tags: known?.tags ?? (card.request ? ['Request'] : []),
      tagsKnown: known ? known.tagsKnown : false,
      request: known?.request ?? null,
      scoreModifier: { plus: card.plus, minus: card.minus, basis: 'printed', reasoning: null },
      fateTriggers: known?.fateTriggers ?? null,
    };
    cards.set(card.cardId, asCard);
  });
  return { content: { ...content, cards }, declared };
}

/** Checks that need the content but not the score: the game as a whole could have been played. */
export function checkGameShape(content: ZsContent, submission: ZoneSurvivalSubmission): void {
  if (!CLIENT_SUBMISSION_ID.test(submission.clientSubmissionId)) {
    reject('clientSubmissionId', 'format', '8 to 64 letters, digits, `-` or `_`, the same on every retry of one submission');
  }
  if (!Number.isInteger(submission.stalkerCount) || submission.stalkerCount < 1 || submission.stalkerCount > 4) {
    reject('stalkerCount', 'range', 'Zone Survival is played by 1 to 4 Stalkers');
  }
  const scenario = content.scenarios.get(submission.scenarioId);
  if (!scenario) reject('scenarioId', 'unknown', `"${submission.scenarioId}" is not one of the ten Scenarios`);
  if (!content.maps.some((m) => m.id === submission.mapId)) reject('mapId', 'unknown', `"${submission.mapId}" is not one of the ten Maps`);
  if (submission.stalkers.length !== submission.stalkerCount) {
    reject('stalkers', 'matches-stalker-count', `name one Stalker per Stalker counted (${submission.stalkerCount})`);
  }
  const names = new Set<string>();
  submission.stalkers.forEach((name, i) => {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > MAX_STALKER_NAME || /[\u0000-\u001f\u007f]/.test(name)) {
      reject(`stalkers[${i}]`, 'format', `a Stalker's name, 1 to ${MAX_STALKER_NAME} printable characters`);
    }
    if (names.has(trimmed.toLowerCase())) reject(`stalkers[${i}]`, 'unique', `${trimmed} is named twice`);
    names.add(trimmed.toLowerCase());
  });
  if (submission.cardIds.length > MAX_CARDS) reject('cardIds', 'max-length', `at most ${MAX_CARDS} cards`);
  const plan = scenario!.plans.get(submission.stalkerCount)!;
  if (!Number.isInteger(submission.roundsPlayed) || submission.roundsPlayed < 1) reject('roundsPlayed', 'range', 'at least one Round is played');
  if (plan.eventDeckSize !== null && submission.roundsPlayed > plan.eventDeckSize) {
    reject('roundsPlayed', 'event-deck-size', `${scenario!.data.name} with ${submission.stalkerCount} Stalkers lasts at most ${plan.eventDeckSize} Rounds`);
  }
}

/** Checks on the cards once every card has a type: each known, Setup cards four with distinct tags, the Event deck its printed size. */
export function checkCards(content: ZsContent, declared: ReadonlySet<string>, submission: ZoneSurvivalSubmission): void {
  const seen = new Set<string>();
  const setupCards: ZsCardData[] = [];
  let eventCards = 0;
  submission.cardIds.forEach((id, i) => {
    if (seen.has(id)) reject(`cardIds[${i}]`, 'unique', `${id} is listed twice`);
    seen.add(id);
    const card = content.cards.get(id);
    if (!card) reject(`cardIds[${i}]`, 'unknown', `${id} is not in the catalogue; declare it in declaredCards with its type and icons`);
    if (card!.cardType === 'setup') setupCards.push(card!);
    if (card!.cardType === 'event') eventCards += 1;
  });
  if (setupCards.length !== SETUP_CARDS_PER_GAME) {
    reject('cardIds', 'setup-card-count', `a game has ${SETUP_CARDS_PER_GAME} Setup cards; ${setupCards.length} are listed`);
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
  if (plan.eventDeckSize !== null && eventCards !== plan.eventDeckSize) {
    reject('cardIds', 'event-deck-size', `the Event deck of this Scenario for ${submission.stalkerCount} Stalkers holds ${plan.eventDeckSize} cards; ${eventCards} are listed`);
  }
}

/** A daily challenge submission plays the challenge's setup. */
export function checkChallenge(terms: ChallengeTerms, submission: ZoneSurvivalSubmission): void {
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

/** Engine input errors name the input field they come from. */
export function fromRuleError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleInputError) return reject(error.field, error.rule, error.message);
    throw error;
  }
}

/** The engine's outcome as a stored result: verified when no card's modifier was declared. */
export function toCheckedResult(outcome: ScoreOutcome, declared: ReadonlySet<string>): CheckedResult {
  if (!outcome.victory || !outcome.breakdown) {
    return { victory: false, score: null, verified: declared.size === 0, breakdown: null, failedRequests: outcome.failedRequests };
  }
  if (outcome.unscoredCards.length > 0 || outcome.score === null) {
    return reject('declaredCards', 'required', `the score modifiers of ${outcome.unscoredCards.join(', ')} are not in the catalogue; declare them`);
  }
  if (Math.abs(outcome.score!) > MAX_BOARD_SCORE) reject('collectedValue', 'impossible-score', `a score of ${outcome.score} is beyond any game's reach`);
  const sourceOf = (cardId: string, inferred: boolean): ModifierSource => (declared.has(cardId) ? 'DECLARED' : inferred ? 'INFERRED' : 'PRINTED');
  const b = outcome.breakdown;
  return {
    victory: true,
    score: outcome.score,
    verified: declared.size === 0,
    failedRequests: [],
    breakdown: {
      victoryPoints: b.victoryPoints,
      minusIcons: b.minusIcons,
      plusIcons: b.plusIcons,
      valueBonus: b.valueBonus,
      cards: b.modifiers.map((m) => ({ cardId: m.cardId, plus: m.plus, minus: m.minus, source: sourceOf(m.cardId, m.inferred) })),
    },
  };
}

/** Every check and the engine's score, in the order a player fixes things. */
export function checkSubmission(base: ZsContent, submission: ZoneSurvivalSubmission, challenge: ChallengeTerms | null, score: (content: ZsContent) => ScoreOutcome): CheckedResult {
  checkGameShape(base, submission);
  const { content, declared } = catalogueFor(base, submission);
  checkCards(content, declared, submission);
  if (challenge) checkChallenge(challenge, submission);
  const outcome = fromRuleError(() => score(content));
  return toCheckedResult(outcome, declared);
}
