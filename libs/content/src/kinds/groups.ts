import { z } from 'zod';
import { CardFields, ScenarioFields } from './served-shapes';

/** A list field of `Game` that holds a game's items of some kinds. */
export interface GameList {
  readonly field: string;
  readonly description: string;
}

/**
 * How the items of a group are served together: through an interface whose
 * fields every member serves (and whose views must give), through a union,
 * or found by their printed number.
 */
export type GroupServing =
  | { readonly interface: string; readonly fields: z.AnyZodObject; readonly entity: boolean }
  | { readonly union: string; readonly description: string }
  | { readonly byNumber: true };

export interface GroupDescriptor {
  readonly serving: GroupServing;
  /** The `Game` field that lists a game's items of the group. */
  readonly gameList?: GameList;
}

/** The interfaces, unions and lookups kinds of different games are served through together. */
export const KIND_GROUPS = {
  card: { serving: { interface: 'Card', fields: CardFields, entity: true } },
  scenario: {
    serving: { interface: 'Scenario', fields: ScenarioFields, entity: true },
    gameList: { field: 'scenarios', description: 'Every scenario of the game, by id.' },
  },
  map: {
    serving: { union: 'GameMap', description: "A map of any game; select its fields with `... on` the game's map type." },
    gameList: { field: 'maps', description: 'Every map of the game, by id.' },
  },
  script: { serving: { byNumber: true } },
} as const satisfies Record<string, GroupDescriptor>;

export type KindGroup = keyof typeof KIND_GROUPS;
export const KIND_GROUP_NAMES = Object.keys(KIND_GROUPS) as KindGroup[];
