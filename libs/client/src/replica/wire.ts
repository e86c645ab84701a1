import type { StateChange } from '@scriptbook/campaign-model';

/** One entry of a change's `delta` as the API sends it: every field present, null where it does not apply. */
export interface WireStateChange {
  readonly op: string;
  readonly path: readonly string[];
  readonly by: number | null;
  readonly from: unknown;
  readonly to: unknown;
}

/** The API's delta as the campaign model's changes, which `applyChanges` applies. */
export function fromWire(delta: readonly WireStateChange[]): StateChange[] {
  return delta.map((change): StateChange => {
    if (change.op === 'add') {
      if (typeof change.by !== 'number') throw new Error(`An add at ${change.path.join('.')} carries no number`);
      return { op: 'add', path: change.path, by: change.by };
    }
    if (change.op === 'set') return { op: 'set', path: change.path, from: change.from, to: change.to };
    if (change.op === 'remove') return { op: 'remove', path: change.path, from: change.from };
    throw new Error(`A change of kind ${change.op} is not one this SDK knows: update it`);
  });
}
