import { zoneSurvivalSetupProcedure } from '../rules';
import { campaignSetup } from '@scriptbook/campaign-model';
import { emptyZoneSurvivalState, ZoneSurvivalState } from './zone-survival-state';

/**
 * A Scenario's setup, Step 2 to Step 9: the Scenario, the Setup cards, the
 * Event deck and what the table must still do. The Map (Step 1) and the
 * Stalkers' names are the table's; `start-scenario` records them and starts
 * the game.
 */
export const zoneSurvivalSetup = campaignSetup(zoneSurvivalSetupProcedure, (result, rngState): ZoneSurvivalState => ({
  ...emptyZoneSurvivalState(),
  scenarioId: result.scenario.id,
  stalkerCount: result.stalkerCount,
  setupCards: result.setupCards.map((slot) => slot.card?.id ?? null),
  eventDeck: result.eventDeck ? { size: result.eventDeck.size, cards: result.eventDeck.cards?.map((card) => card.id) ?? null } : null,
  rngState,
  setupChecks: [...result.checks],
  setupGaps: result.gaps.map(({ field, note }) => ({ field, note })),
}));
