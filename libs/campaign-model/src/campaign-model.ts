import { z } from 'zod';
import { Resolution } from '@scriptbook/rules-engine';
import { AnyCampaignAction } from './campaign-action';
import { CampaignSetup } from './campaign-setup';
import { checkLegacyUnlocks, LegacyUnlocks, NeverUndone } from './legacy-unlocks';

/** What a campaign starts from: its state, and the setup resolution that produced it when there was one. */
export interface InitialState {
  readonly state: unknown;
  readonly setupTranscript: unknown[] | null;
}

/** A setup the rules engine ran for a new campaign: which one, and what it resolved to. */
export interface SetupRun {
  readonly setup: CampaignSetup;
  readonly resolution: Resolution<unknown>;
}

/**
 * A game's campaign, described once: the state's schema, the catalog of
 * actions that change it, the setups a campaign can start from and how a
 * new one starts. Pure code, so the server applies an action with the same
 * lines a device runs before the server has answered.
 */
export interface CampaignModel<S = unknown> {
  /** The field of `Campaign` that serves this state (`twomState`); a public name, so chosen, not derived. */
  readonly stateField: string;
  /** The GraphQL type of the state (`CampaignTwomState`). */
  readonly stateTypeName: string;
  /** What the state field says of itself in the schema: which game, and which modules play in it. */
  readonly stateDescription: string;
  readonly stateSchema: z.ZodType<S>;
  readonly actions: readonly AnyCampaignAction<S>[];
  /** The engine's setups a campaign can start from; the first is the one run when none is named. */
  readonly setups: readonly CampaignSetup[];
  /** The state without a setup (its stream started from `seed`), or the one the setup run gave. */
  readonly initial: (seed: string, run: SetupRun | null) => InitialState;
  /** What a won scenario opens for the whole group, for games that have legacy content. */
  readonly legacy?: LegacyUnlocks;
  /** Logged actions whose changes are never taken back, each with the rule and the reason undo gives; none when absent. */
  readonly neverUndone?: readonly NeverUndone[];
}

/**
 * Declares a game's campaign model with its own state type, so its actions
 * and setups are checked against it; a legacy declaration the server could
 * not apply is refused here, when the game is defined.
 */
export function defineCampaignModel<S>(model: CampaignModel<S>): CampaignModel<S> {
  if (model.legacy) checkLegacyUnlocks(model.legacy, model.neverUndone ?? []);
  return model;
}

/** `initial` for a model whose campaigns without a setup start from `empty(seed)`. */
export function startingFrom(empty: (seed: string) => unknown) {
  return (seed: string, run: SetupRun | null): InitialState =>
    run === null ? { state: empty(seed), setupTranscript: null } : { state: run.setup.toState(run.resolution), setupTranscript: [...run.resolution.transcript] };
}

export function actionOf<S>(model: CampaignModel<S>, name: string): AnyCampaignAction<S> | null {
  return model.actions.find((action) => action.name === name) ?? null;
}
