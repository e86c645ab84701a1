import { z } from 'zod';
import { Random, Resolution } from '@scriptbook/rules-engine';
import { AnyCampaignAction } from '../actions/campaign-action';
import { CampaignSetup } from './campaign-setup';
import { hopeInhumanityActions } from './hope-inhumanity/hope-inhumanity-actions';
import { hopeInhumanitySetup } from './hope-inhumanity/hope-inhumanity-setup';
import { emptyHopeInhumanityState, HopeInhumanityState, hopeInhumanityStateSchema } from './hope-inhumanity/hope-inhumanity-state';
import { zoneSurvivalActions } from './stalker-zs/zone-survival-actions';
import { zoneSurvivalSetup } from './stalker-zs/zone-survival-setup';
import { emptyZoneSurvivalState, zoneSurvivalStateSchema } from './stalker-zs/zone-survival-state';
import { twomActions } from './twom/twom-actions';
import { talesIncidentSetup, twomCoreSetup } from './twom/twom-setup';
import { emptyTwomState, TwomState, twomStateSchema } from './twom/twom-state';

export type GameSystemId = 'twom' | 'zone-survival' | 'hope-inhumanity';

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
 * One kind of campaign state: its schema, its catalog of actions and how a new
 * campaign starts. Several content games share one system (the core game and
 * Tales are one This War of Mine campaign).
 */
export interface GameSystem<S = unknown> {
  readonly id: GameSystemId;
  readonly stateSchema: z.ZodType<S>;
  readonly actions: readonly AnyCampaignAction<S>[];
  /** The engine's setups a campaign can start from; the first is the one run when none is named. */
  readonly setups: readonly CampaignSetup[];
  /** The state without a setup (its stream started from `seed`), or the one the setup run gave. */
  readonly initial: (seed: string, run: SetupRun | null) => InitialState;
}

function startingFrom(empty: (seed: string) => unknown) {
  return (seed: string, run: SetupRun | null): InitialState =>
    run === null ? { state: empty(seed), setupTranscript: null } : { state: run.setup.toState(run.resolution), setupTranscript: [...run.resolution.transcript] };
}

const twomSystem: GameSystem<TwomState> = {
  id: 'twom',
  stateSchema: twomStateSchema as z.ZodType<TwomState>,
  actions: twomActions,
  setups: [twomCoreSetup, talesIncidentSetup] as CampaignSetup[],
  initial: startingFrom((seed) => emptyTwomState(Random.fromSeed(seed).state())),
};

const zoneSurvivalSystem: GameSystem = {
  id: 'zone-survival',
  stateSchema: zoneSurvivalStateSchema,
  actions: zoneSurvivalActions as readonly AnyCampaignAction<unknown>[],
  setups: [zoneSurvivalSetup] as CampaignSetup[],
  initial: startingFrom(() => emptyZoneSurvivalState()),
};

const hopeInhumanitySystem: GameSystem<HopeInhumanityState> = {
  id: 'hope-inhumanity',
  stateSchema: hopeInhumanityStateSchema as z.ZodType<HopeInhumanityState>,
  actions: hopeInhumanityActions,
  setups: [hopeInhumanitySetup] as CampaignSetup[],
  initial: startingFrom(() => emptyHopeInhumanityState()),
};

/** Content game id → its campaign state. Tales from the Ruined City and Tactics play in a `twom` campaign, as modules of the same box. */
const SYSTEM_OF_GAME: Readonly<Record<string, GameSystem>> = {
  twom: twomSystem as GameSystem,
  'stalker-zs': zoneSurvivalSystem,
  'hope-inhumanity': hopeInhumanitySystem as GameSystem,
};

export const CAMPAIGN_GAME_IDS = Object.keys(SYSTEM_OF_GAME);

export function gameSystemOf(gameId: string): GameSystem | null {
  return SYSTEM_OF_GAME[gameId] ?? null;
}

export function actionOf(system: GameSystem, name: string): AnyCampaignAction<unknown> | null {
  return system.actions.find((action) => action.name === name) ?? null;
}
