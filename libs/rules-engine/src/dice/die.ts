import { Random } from '../rng/random';

/**
 * A die is data: a name and its faces. Numeric dice list their numbers; the
 * custom dice of some games list symbols, supplied by content packs.
 */
export interface DieDefinition {
  readonly id: string;
  readonly name: string;
  readonly faces: readonly (number | string)[];
}

export interface DieRoll {
  readonly die: string;
  readonly faceIndex: number;
  readonly value: number | string;
}

export function numberedDie(id: string, name: string, sides: number): DieDefinition {
  return { id, name, faces: Array.from({ length: sides }, (_, i) => i + 1) };
}

/** This War of Mine's ten-sided Black die, numbered 1 to 10. */
export const BLACK_D10 = numberedDie('black-d10', 'Black die', 10);

/** An ordinary six-sided die, 1 to 6. */
export const D6 = numberedDie('d6', 'six-sided die', 6);

export function rollDie(random: Random, die: DieDefinition): DieRoll {
  const faceIndex = random.int(0, die.faces.length - 1);
  return { die: die.id, faceIndex, value: die.faces[faceIndex] };
}
