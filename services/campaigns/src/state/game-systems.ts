import { z } from 'zod';
import { AnyProcedureDescriptor, hopeInhumanity, Random, RngState, runProcedure, twom } from '@scriptbook/rules-engine';
import { AnyCampaignAction } from '../actions/campaign-action';
import { hopeInhumanityActions } from './hope-inhumanity/hope-inhumanity-actions';
import { emptyHopeInhumanityState, HopeInhumanityState, hopeInhumanityStateSchema } from './hope-inhumanity/hope-inhumanity-state';
import { zoneSurvivalActions } from './stalker-zs/zone-survival-actions';
import { emptyZoneSurvivalState, zoneSurvivalStateSchema } from './stalker-zs/zone-survival-state';
import { twomActions } from './twom/twom-actions';
import { emptyTwomState, newTwomCharacter, TwomState, twomStateSchema } from './twom/twom-state';

export type GameSystemId = 'twom' | 'zone-survival' | 'hope-inhumanity';

/** What a campaign starts from: its state, and the setup resolution that produced it when there was one. */
export interface InitialState {
  readonly state: unknown;
  readonly setupTranscript: unknown[] | null;
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
  /** The engine procedure that sets the game up, when it has one a campaign can run without content from the packs. */
  readonly setupProcedure: AnyProcedureDescriptor | null;
  readonly initial: (seed: string, setup: unknown | null) => InitialState;
}

function runSetup(procedure: AnyProcedureDescriptor, setup: unknown, seed: string) {
  return runProcedure(procedure, setup, { seed }, undefined);
}

const twomSystem: GameSystem<TwomState> = {
  id: 'twom',
  stateSchema: twomStateSchema as z.ZodType<TwomState>,
  actions: twomActions,
  setupProcedure: twom.twomSetupProcedure,
  initial: (seed, setup) => {
    if (setup === null) return { state: emptyTwomState(Random.fromSeed(seed).state()), setupTranscript: null };
    const resolution = runSetup(twom.twomSetupProcedure, setup, seed);
    const result = resolution.result as twom.TwomSetupResult;
    const state = emptyTwomState(resolution.rngState as RngState);
    for (const character of result.characters) {
      const fresh = newTwomCharacter();
      state.characters[character.name] = { ...fresh, levels: { ...fresh.levels, hunger: character.hunger } };
    }
    state.storage = Object.fromEntries(Object.entries(result.stockpile).filter(([, n]) => n > 0));
    if (result.catInShelter) state.modules = ['The Cat'];
    return { state, setupTranscript: resolution.transcript as unknown[] };
  },
};

const zoneSurvivalSystem: GameSystem = {
  id: 'zone-survival',
  stateSchema: zoneSurvivalStateSchema,
  actions: zoneSurvivalActions as readonly AnyCampaignAction<unknown>[],
  // Its setup binds the content packs' Scenarios and decks: a campaign records the result with `start-scenario`.
  setupProcedure: null,
  initial: () => ({ state: emptyZoneSurvivalState(), setupTranscript: null }),
};

const hopeInhumanitySystem: GameSystem<HopeInhumanityState> = {
  id: 'hope-inhumanity',
  stateSchema: hopeInhumanityStateSchema as z.ZodType<HopeInhumanityState>,
  actions: hopeInhumanityActions,
  setupProcedure: hopeInhumanity.hopeSetupProcedure,
  initial: (seed, setup) => {
    if (setup === null) return { state: emptyHopeInhumanityState(), setupTranscript: null };
    const resolution = runSetup(hopeInhumanity.hopeSetupProcedure, setup, seed);
    const result = resolution.result as hopeInhumanity.HopeSetupResult;
    const state: HopeInhumanityState = {
      ...emptyHopeInhumanityState(),
      players: Object.fromEntries(result.players.map((p) => [p.name, { humanity: p.humanity }])),
      hopePool: result.hopePool,
      round: result.round,
    };
    return { state, setupTranscript: resolution.transcript as unknown[] };
  },
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
