import { ZoneSurvivalSubmission } from '../zone-survival/zone-survival-submission';

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
export function bossHuntVictory(extraMinus = 0, overrides: Partial<ZoneSurvivalSubmission> = {}): ZoneSurvivalSubmission {
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
