import { Random } from '../rng/random';

/**
 * A die is data: a name and its faces. Numeric dice list their numbers; the
 * custom dice of some games list symbols, supplied by content packs. Each
 * game's own dice live in its folder.
 */
export interface DieDefinition {
  readonly id: string;
  readonly name: string;
  readonly faces: readonly (number | string)[];
}

/** A numbered die a game offers to the dice roller every game shares, with what a player reads about it. */
export interface RollableDie extends DieDefinition {
  readonly faces: readonly number[];
  /** One sentence naming the die as the player knows it; the dice roller's `DieKind` value says it. */
  readonly description: string;
}

export interface DieRoll {
  readonly die: string;
  readonly faceIndex: number;
  readonly value: number | string;
}

export function numberedDie(id: string, name: string, sides: number): DieDefinition & { readonly faces: readonly number[] } {
  return { id, name, faces: Array.from({ length: sides }, (_, i) => i + 1) };
}

export function rollDie(random: Random, die: DieDefinition): DieRoll {
  const faceIndex = random.int(0, die.faces.length - 1);
  return { die: die.id, faceIndex, value: die.faces[faceIndex] };
}
