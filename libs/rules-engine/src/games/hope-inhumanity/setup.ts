import { shuffleDeck } from '../../deck/deck';
import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { requireArray, requireInt, requireString, requireStringList } from '../twom/validate';
import { ROUNDS } from './hope-inhumanity.rules-data';
import { requirePlayerList } from './validate';

export interface SceneCard {
  readonly name: string;
  readonly terrain: string;
}

export interface HopeSetupInput {
  /** Players in clockwise seating order; the first listed takes the first turn. */
  readonly players: readonly string[];
  /** Humanity dice each player starts with. Required: seed 003 does not give it. */
  readonly humanityDice: number;
  /** Dice in the Hope pool at the start. Required: seed 003 does not give it. */
  readonly hopeDice: number;
  readonly scenes: readonly SceneCard[];
}

export interface HopeSetupResult {
  readonly players: readonly { readonly name: string; readonly humanity: number }[];
  readonly hopePool: number;
  readonly round: number;
  readonly rounds: number;
  /** One shuffled mini-deck per terrain type, top first. */
  readonly sceneDecks: Readonly<Record<string, readonly string[]>>;
}

/** Card Setup: Humanity dice per player, the Hope pool and shuffled Scene mini-decks. */
export function hopeSetup(input: HopeSetupInput, seed: string): Resolution<HopeSetupResult> {
  const names = requireStringList(input?.players, 'players');
  requirePlayerList(names.map((name) => ({ name })), 'players');
  const humanity = requireInt(input.humanityDice, 'humanityDice', { min: 0 });
  const hope = requireInt(input.hopeDice, 'hopeDice', { min: 0 });
  const scenes = requireArray<SceneCard>(input.scenes, 'scenes', { min: 1 });
  scenes.forEach((s, i) => {
    requireString(s?.name, `scenes[${i}].name`);
    requireString(s.terrain, `scenes[${i}].terrain`);
  });
  return resolve(seed, (random, transcript) => {
    transcript.add(`${names.length} players, clockwise: ${names.join(', ')}; each takes ${humanity} Humanity dice`);
    transcript.add(`Hope dice pool: ${hope}. The game lasts ${ROUNDS} rounds`);
    const terrains = [...new Set(scenes.map((s) => s.terrain))];
    const sceneDecks: Record<string, readonly string[]> = {};
    for (const terrain of terrains) {
      const cards = scenes.filter((s) => s.terrain === terrain).map((s) => s.name);
      sceneDecks[terrain] = shuffleDeck(cards, random, { label: `${terrain} Scene deck`, transcript });
    }
    return {
      players: names.map((name) => ({ name, humanity })),
      hopePool: hope,
      round: 1,
      rounds: ROUNDS,
      sceneDecks,
    };
  });
}
