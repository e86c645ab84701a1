/**
 * One worked input per procedure, keyed by procedure id. Starting dice counts
 * are example values: seed 003 does not give them. Seed 003 prints no Scene
 * card and no player, so the Scenes and players are made up.
 */

/** The names of the examples no rulebook prints; docs/rules/hope-inhumanity.md says they are made up. */
export const HOPE_MADE_UP_NAMES: readonly string[] = ['Ana', 'Ben', 'Cleo', 'Dan', 'Checkpoint', 'Bread Line', 'Burned Farm', 'Flooded Road', 'Ruined Chapel'];

export const hopeInhumanityExamples = {
  'hope-inhumanity.setup': {
    players: ['Ana', 'Ben', 'Cleo', 'Dan'],
    humanityDice: 6,
    hopeDice: 2,
    scenes: [
      { name: 'Checkpoint', terrain: 'Urban' },
      { name: 'Bread Line', terrain: 'Urban' },
      { name: 'Burned Farm', terrain: 'Rural' },
      { name: 'Flooded Road', terrain: 'Rural' },
      { name: 'Ruined Chapel', terrain: 'Rural' },
    ],
  },
  'hope-inhumanity.scene': {
    players: [
      { name: 'Ana', humanity: 5, conditionPenalty: 1 },
      { name: 'Ben', humanity: 3, conditionPenalty: 0 },
      { name: 'Cleo', humanity: 0, conditionPenalty: 0 },
      { name: 'Dan', humanity: 4, conditionPenalty: 2 },
    ],
    active: 'Ana',
    scene: { name: 'Checkpoint', hardship: 2, unavoidable: false },
    decision: 'act',
    committed: 2,
    supporters: [
      { name: 'Ben', dice: 2 },
      { name: 'Cleo', dice: 0, lastHope: true },
    ],
    hopeDice: 1,
    hopePool: 3,
  },
  'hope-inhumanity.end-round': { round: 2, hopePool: 1 },
} as const;
