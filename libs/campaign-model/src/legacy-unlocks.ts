import { StateChange } from './changes';

/**
 * One envelope a group has opened, as every campaign of the group holds it
 * in the model's `stateField`: the same entry, at the same time, in each.
 */
export interface OpenedEnvelope {
  /** The content id of the item opened. */
  readonly envelopeId: string;
  /** When the group opened it (ISO 8601). */
  readonly openedAt: string;
  /** The content id of the scenario whose win opened it. */
  readonly byScenarioId: string;
}

/**
 * Content that a won scenario opens for every campaign of a group, for good
 * (a legacy game's sealed envelopes). The server alone applies the opening,
 * in bulk and in SQL, so everything it needs to know of the game is declared
 * here: the service reads this and names no game.
 */
export interface LegacyUnlocks {
  /** The content kind of what opens; its items carry `gameId`, `moduleId` and the `letterField`. */
  readonly contentKind: string;
  /** The top-level state field listing what the campaign holds, oldest first: `OpenedEnvelope` entries. A plain identifier, since the fan-out's SQL addresses it. */
  readonly stateField: string;
  /**
   * The catalog action that records a scenario's outcome and names what it
   * opens. Its args are `{ scenarioId, won, envelopeId, envelopeNamedBy }`,
   * as the outcome mutation sends them.
   */
  readonly outcomeAction: string;
  /** The name the server's opening carries in the change log; not in the catalog, so no device can push it. List it in the model's `neverUndone`. */
  readonly openAction: string;
  /** The field of the game's scenario items that names what their win opens, when the pack knows (null while the rulebook does not say). */
  readonly scenarioField: string;
  /** The field of an opened item that a player reads it by (its printed letter), which also orders the group's list. */
  readonly letterField: string;
}

/** An action whose changes are never taken back: undo refuses it with `rule`, saying `reason`. */
export interface NeverUndone {
  readonly action: string;
  /** The rule the refusal names (`legacy`). */
  readonly rule: string;
  /** Why, as the end of a sentence a player reads ("Version 4 cannot be undone: <reason>"). */
  readonly reason: string;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*$/;

/** Refuses a legacy declaration the server could not apply: a state field its SQL cannot address, or an opening undo would take back. */
export function checkLegacyUnlocks(legacy: LegacyUnlocks, neverUndone: readonly NeverUndone[]): void {
  if (!IDENTIFIER.test(legacy.stateField)) throw new Error(`legacy state field ${legacy.stateField} is not a plain identifier`);
  if (!neverUndone.some((entry) => entry.action === legacy.openAction)) {
    throw new Error(`${legacy.openAction} opens content for a whole group: list it in neverUndone, or one campaign's undo would leave the group's record behind`);
  }
}

/** What a state holds opened, oldest first. */
export const heldIn = (legacy: LegacyUnlocks, state: unknown): readonly OpenedEnvelope[] =>
  ((state as Record<string, unknown> | null)?.[legacy.stateField] as OpenedEnvelope[] | undefined) ?? [];

/**
 * The change the server's opening makes to one campaign, or none when it
 * already holds the envelope: what the fan-out's set-based SQL must produce,
 * row for row.
 */
export function openingChanges(legacy: LegacyUnlocks, state: unknown, entry: OpenedEnvelope): StateChange[] {
  const held = heldIn(legacy, state);
  if (held.some((opened) => opened.envelopeId === entry.envelopeId)) return [];
  return [{ op: 'set', path: [legacy.stateField], from: held, to: [...held, entry] }];
}

/** A new campaign's state holding what its group has opened, oldest first. */
export function withOpened(legacy: LegacyUnlocks, state: unknown, opened: readonly OpenedEnvelope[]): unknown {
  if (opened.length === 0) return state;
  return { ...(state as object), [legacy.stateField]: [...opened] };
}
