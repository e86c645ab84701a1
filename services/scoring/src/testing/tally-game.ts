import { defineGame } from '@scriptbook/games';
import { tallyScoring } from '../../../../test/fixtures/fixture-game/fixture-game.scoring';

/**
 * A game that exists only in tests, scored by the scoring service with no
 * change outside the fixture: the fixture game's scoring part ("Tally", a
 * table rolls dice and adds them up) on a game of its own, with no content
 * and no rules procedures, beside Zone Survival.
 */
export const tallyGame = defineGame({ id: 'tally', content: { packs: [], kinds: [] }, modules: [], rules: { procedures: [], examples: {} }, scoring: tallyScoring });
