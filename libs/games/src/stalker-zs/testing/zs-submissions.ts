import type { ZsSubmission } from '../scoring/zs-scoring.schemas';

/** A Zone Survival game as a client sends it to the scoring API: the game's fields, and the platform's submission id and challenge. */
export type SubmittedZsGame = ZsSubmission & { readonly clientSubmissionId: string; readonly challengeId?: string | null };

export const THICKET = 'stalker-zs:card:setup:mysterious-thicket';
export const CAMP = 'stalker-zs:card:setup:abandoned-stalker-camp';
export const FLOODED = 'stalker-zs:card:setup:flooded-room';
export const CAVE = 'stalker-zs:card:setup:mysterious-cave';
export const BLIZZARD = 'stalker-zs:card:event:blizzard';
export const CRITICAL_SHOT = 'stalker-zs:card:event:critical-shot';

let counter = 0;

/**
 * A Boss Hunt victory with two Setup cards the catalogue scores (Mysterious
 * Thicket −1 icon printed, Abandoned Stalker Camp read as zero), two whose
 * modifiers the players declare, and Blizzard and Critical Shot from the
 * Event deck. Score: 20 + (1 + 1 + `extraMinus`) − (2 + 0) = 20 + extraMinus.
 */
export function bossHuntVictory(extraMinus = 0, overrides: Partial<SubmittedZsGame> = {}): SubmittedZsGame {
  counter += 1;
  return {
    clientSubmissionId: `game-${Date.now().toString(36)}-${counter}`,
    scenarioId: 'stalker-zs:scenario:boss-hunt',
    mapId: 'stalker-zs:map:3',
    stalkerCount: 2,
    stalkers: ['Ana', 'Ben'],
    roundsPlayed: 8,
    objectiveMet: true,
    requests: [{ cardId: THICKET, met: true }],
    cardIds: [THICKET, CAMP, FLOODED, CAVE, BLIZZARD, CRITICAL_SHOT],
    declaredCards: [
      { cardId: FLOODED, cardType: 'setup', plus: 0, minus: extraMinus },
      { cardId: CAVE, cardType: 'setup', plus: 0, minus: 0 },
    ],
    ...overrides,
  };
}

/** Cards the seed names only in its scoring examples, by their type-free ids. */
export const WALL_COLLAPSED = 'stalker-zs:card:the-wall-collapsed';
export const WORKSHOP = 'stalker-zs:card:workshop';
export const PSIONIC_ATTACK = 'stalker-zs:card:psionic-attack';
export const SCATTERED_ARTIFACTS = 'stalker-zs:card:scattered-artifacts';

/**
 * A Boss Hunt victory made only of cards whose modifiers the catalogue
 * knows, so nothing is declared; unverified all the same, as two of those
 * modifiers (Abandoned Stalker Camp's and The Wall Collapsed's) are inferred. Workshop and Psionic Attack are named by the
 * deck they were drawn from, The Wall Collapsed and Scattered Artifacts by
 * their type-free ids (one fills the fourth Setup slot, the other joins the
 * Event deck). Score: 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2)
 * − (Critical Shot 2 + Workshop 1 + The Wall Collapsed 1 + Scattered Artifacts 2) = 18.
 */
export function knownCardsVictory(overrides: Partial<SubmittedZsGame> = {}): SubmittedZsGame {
  return bossHuntVictory(0, {
    cardIds: [THICKET, CAMP, 'stalker-zs:card:setup:workshop', WALL_COLLAPSED, BLIZZARD, CRITICAL_SHOT, 'stalker-zs:card:event:psionic-attack', SCATTERED_ARTIFACTS],
    declaredCards: [],
    ...overrides,
  });
}

/**
 * A Boss Hunt victory made only of cards whose modifiers the seed prints, so
 * the result is verified: Mysterious Thicket and the three scoring examples
 * with their own counts drawn as Setup cards, Blizzard and Critical Shot as
 * the Event deck. Score: 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2)
 * − (Workshop 1 + Scattered Artifacts 2 + Critical Shot 2) = 19.
 */
export function printedCardsVictory(overrides: Partial<SubmittedZsGame> = {}): SubmittedZsGame {
  return bossHuntVictory(0, {
    cardIds: [THICKET, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:psionic-attack', 'stalker-zs:card:setup:scattered-artifacts', BLIZZARD, CRITICAL_SHOT],
    declaredCards: [],
    ...overrides,
  });
}
