import { ActionRejection } from '../../action-rejection';
import { applyAction } from '../../campaign-action';
import { actionOf, CampaignModel } from '../../campaign-model';
import { openingChanges } from '../../legacy-unlocks';
import { applyChanges, StateChange } from '../../changes';
import { LoggedChange, planUndo } from '../../undo';
import type { CampaignFileAction } from '../campaign-file.schema';

/**
 * One thing that happens to a campaign: a device pushes a catalog action (its
 * example, numbers varied), a player undoes an earlier version, the server
 * opens the legacy envelope the model's outcome example names (games with
 * legacy content), the platform records something beside the state (a
 * rename: no device, no change), or a player reverts to an earlier version.
 */
export type SimulatedStep =
  | { readonly kind: 'action'; readonly action: number; readonly variant: number; readonly device: number }
  | { readonly kind: 'undo'; readonly back: number; readonly device: number }
  | { readonly kind: 'open' | 'record'; readonly device: number }
  /** A revert to `back` versions before the last (the campaigns service's `revertCampaignTo`). */
  | { readonly kind: 'revert'; readonly back: number; readonly device: number };

export interface SimulatedCampaign {
  readonly initialState: unknown;
  /** The log as the server would hold it: applied actions and undos only, rejected ones leave nothing. */
  readonly entries: CampaignFileAction[];
  /** The state at each version, index 0 the initial state. */
  readonly states: unknown[];
  /** The version each entry was undone by, by version; absent when not undone. */
  readonly undoneBy: Map<number, number>;
}

const DEVICES = ['phone-ana-0001', 'tablet-ben-0002', 'phone-cleo-003'];
export const SIMULATED_PLAYERS = ['player-ana', 'player-ben', 'player-cleo'];
const START = Date.UTC(2026, 10, 1);

/** The example's args with every number moved by `variant` within a small range, so sequences explore more than one value. */
export function variedArgs(example: unknown, variant: number): unknown {
  if (variant === 0) return example;
  if (typeof example === 'number') return Number.isInteger(example) ? ((Math.abs(example) + variant) % 7) - 2 : example;
  if (Array.isArray(example)) return example.map((item) => variedArgs(item, variant));
  if (example !== null && typeof example === 'object') return Object.fromEntries(Object.entries(example).map(([key, value]) => [key, variedArgs(value, variant)]));
  return example;
}

/**
 * A campaign made the way the server makes one: each step applied with the
 * game's own `applyAction` or `planUndo`, a refused one logged nowhere but
 * its seq still spent, as a push spends it. For tests and the benchmark.
 */
export function simulateCampaign(model: CampaignModel, seed: string, steps: readonly SimulatedStep[]): SimulatedCampaign {
  let state = model.stateSchema.parse(model.initial(seed, null).state);
  const states: unknown[] = [state];
  const entries: CampaignFileAction[] = [];
  const logged: { -readonly [K in keyof LoggedChange]: LoggedChange[K] }[] = [];
  const undoneBy = new Map<number, number>();
  const seqs = DEVICES.map(() => 0);
  for (const step of steps) {
    const device = step.device % DEVICES.length;
    const version = entries.length + 1;
    const common = { version, player: SIMULATED_PLAYERS[device], appliedAt: START + version * 1000 };
    try {
      if (step.kind === 'undo') {
        if (logged.length === 0) continue;
        const target = logged[logged.length - 1 - (step.back % logged.length)];
        const undone = planUndo(model, state, target, logged.slice(target.version));
        state = undone.state;
        entries.push({ ...common, name: 'undo', args: { actionVersion: target.version }, delta: undone.delta as CampaignFileAction['delta'], clientId: null, seq: null, undoesVersion: target.version });
        target.undoneByVersion = version;
        logged.push({ version, name: 'undo', delta: undone.delta, undoesVersion: target.version, undoneByVersion: null });
      } else if (step.kind === 'open') {
        const opened = openingOf(model, state, common.appliedAt);
        if (!opened) continue;
        state = model.stateSchema.parse(opened.state);
        entries.push({ ...common, name: model.legacy!.openAction, args: opened.args, delta: opened.delta as CampaignFileAction['delta'], clientId: null, seq: null, undoesVersion: null });
        logged.push({ version, name: model.legacy!.openAction, delta: opened.delta, undoesVersion: null, undoneByVersion: null });
      } else if (step.kind === 'revert') {
        if (logged.length < 2) continue;
        const toVersion = logged.length - 1 - (step.back % logged.length);
        if (logged.slice(toVersion).some((change) => model.neverUndone?.some((never) => never.action === change.name))) continue;
        const target = model.stateSchema.parse(states[toVersion]);
        const delta = topLevelDifference(state, target);
        state = target;
        entries.push({ ...common, name: 'revert', args: { toVersion }, delta: delta as CampaignFileAction['delta'], clientId: null, seq: null, undoesVersion: null });
        for (const change of logged) {
          if (change.name === 'platform-record') continue;
          if (change.version > toVersion && change.undoneByVersion === null) change.undoneByVersion = version;
          else if (change.version <= toVersion && change.undoneByVersion !== null && change.undoneByVersion > toVersion) change.undoneByVersion = null;
        }
        logged.push({ version, name: 'revert', delta, undoesVersion: null, undoneByVersion: null });
      } else if (step.kind === 'record') {
        entries.push({ ...common, name: 'platform-record', args: { note: 'kept beside the state' }, delta: [], clientId: null, seq: null, undoesVersion: null });
        logged.push({ version, name: 'platform-record', delta: [], undoesVersion: null, undoneByVersion: null });
      } else if (step.kind === 'action') {
        const action = model.actions[step.action % model.actions.length];
        const args = variedArgs(action.example, step.variant) as Record<string, unknown>;
        seqs[device] += 1;
        const applied = applyAction(model.stateSchema, action, state, args, { stateIsChecked: true });
        state = applied.state;
        entries.push({ ...common, name: action.name, args, delta: applied.delta as CampaignFileAction['delta'], clientId: DEVICES[device], seq: seqs[device], undoesVersion: null });
        logged.push({ version, name: action.name, delta: applied.delta as StateChange[], undoesVersion: null, undoneByVersion: null });
      }
      // A stored delta is JSON: what a file carries is what the database gave back.
      entries[entries.length - 1] = JSON.parse(JSON.stringify(entries[entries.length - 1]));
      states.push(state);
    } catch (error) {
      if (!(error instanceof ActionRejection)) throw error;
    }
  }
  for (const change of logged) if (change.undoneByVersion !== null) undoneBy.set(change.version, change.undoneByVersion);
  return { initialState: states[0], entries, states, undoneBy };
}

/** The server's opening of the envelope the model's outcome example names, as the fan-out logs it; null for a game without legacy content or once it is held. */
function openingOf(model: CampaignModel, state: unknown, at: number): { state: unknown; delta: StateChange[]; args: Record<string, unknown> } | null {
  const outcome = model.legacy ? actionOf(model, model.legacy.outcomeAction) : null;
  const example = outcome?.example as { envelopeId?: string; scenarioId?: string } | undefined;
  if (!model.legacy || !example?.envelopeId || !example.scenarioId) return null;
  const entry = { envelopeId: example.envelopeId, openedAt: new Date(at).toISOString(), byScenarioId: example.scenarioId };
  const delta = openingChanges(model.legacy, state, entry);
  if (delta.length === 0) return null;
  return { state: applyChanges(state, delta), delta, args: { envelopeId: entry.envelopeId, byScenarioId: entry.byScenarioId, openedInCampaignId: 'campaign-elsewhere' } };
}

/** Changes taking `from` to `to` key by key at the top of the state: one way a revert's changes can be written. */
function topLevelDifference(from: unknown, to: unknown): StateChange[] {
  const a = from as Record<string, unknown>;
  const b = to as Record<string, unknown>;
  const changes: StateChange[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    if (!(key in b)) changes.push({ op: 'remove', path: [key], from: a[key] });
    else changes.push({ op: 'set', path: [key], from: a[key], to: b[key] });
  }
  return changes;
}
