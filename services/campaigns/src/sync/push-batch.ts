import { BadUserInputError } from '@scriptbook/platform';
import { ActionRejection, actionOf, applyAction, CampaignModel } from '@scriptbook/campaign-model';
import type { AppliedChange } from '../store/push-statements';

/** Limits of one push, each refused as BAD_USER_INPUT with its own rule (docs/sync.md). */
export const SYNC_LIMITS = {
  maxActionsPerPush: 100,
  maxArgsBytes: 8_192,
  clientIdPattern: /^[A-Za-z0-9_-]{8,64}$/,
  maxSeq: 2_147_483_647,
} as const;

export interface PushedAction {
  readonly seq: number;
  readonly name: string;
  readonly args?: unknown;
}

export interface Rejected {
  readonly seq: number;
  /** The action's name as sent, stored with the rejection. */
  readonly name: string;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
}

export interface PushOutcome {
  readonly state: unknown;
  readonly version: number;
  readonly lastSeq: number;
  readonly applied: AppliedChange[];
  readonly rejected: Rejected[];
}

/** Checks what can be checked without the campaign: the client id, the batch size and each action's size. */
export function checkPushShape(clientId: string, actions: readonly PushedAction[]): void {
  if (!SYNC_LIMITS.clientIdPattern.test(clientId)) {
    throw new BadUserInputError('input.clientId', 'client-id-format', 'clientId must be 8 to 64 letters, digits, "-" or "_"');
  }
  if (actions.length === 0) throw new BadUserInputError('input.actions', 'batch-empty', 'A push carries at least one action');
  if (actions.length > SYNC_LIMITS.maxActionsPerPush) {
    throw new BadUserInputError('input.actions', 'batch-size', `A push carries at most ${SYNC_LIMITS.maxActionsPerPush} actions`);
  }
  actions.forEach((action, i) => {
    if (!Number.isInteger(action.seq) || action.seq < 1 || action.seq > SYNC_LIMITS.maxSeq) {
      throw new BadUserInputError(`input.actions[${i}].seq`, 'seq-range', `seq must be a whole number from 1 to ${SYNC_LIMITS.maxSeq}`);
    }
    if (i > 0 && action.seq !== actions[i - 1].seq + 1) {
      throw new BadUserInputError(`input.actions[${i}].seq`, 'sequence-gap', `seq ${action.seq} does not follow ${actions[i - 1].seq}: a push lists consecutive seqs`);
    }
    const size = Buffer.byteLength(JSON.stringify(action.args ?? {}), 'utf8');
    if (size > SYNC_LIMITS.maxArgsBytes) {
      throw new BadUserInputError(`input.actions[${i}].args`, 'args-size', `args take ${size} bytes; at most ${SYNC_LIMITS.maxArgsBytes}`);
    }
  });
}

/**
 * Applies a checked batch to a campaign's current state, in order. Actions at
 * or below the client's last applied seq were applied before (a retried
 * push) and are skipped; the first new one must follow it directly, or the
 * whole push is refused. A rejected action still counts as handled, so it
 * cannot block the device's queue. Pure: the caller persists the outcome.
 */
export function applyPush(
  system: CampaignModel,
  current: { state: unknown; version: number; lastSeq: number },
  actions: readonly PushedAction[],
): PushOutcome {
  let { state, version, lastSeq } = current;
  const applied: AppliedChange[] = [];
  const rejected: Rejected[] = [];
  actions.forEach((action, i) => {
    if (action.seq <= lastSeq) return;
    if (action.seq !== lastSeq + 1) {
      throw new BadUserInputError(
        `input.actions[${i}].seq`,
        'sequence-gap',
        `seq ${action.seq} skips ahead: the server has applied this client's actions up to seq ${lastSeq}`,
      );
    }
    lastSeq = action.seq;
    const definition = actionOf(system, action.name);
    if (!definition) {
      rejected.push({ seq: action.seq, name: action.name, code: 'BAD_USER_INPUT', rule: 'unknown-action', field: 'name', reason: `${action.name} is not an action of this game` });
      return;
    }
    try {
      const result = applyAction(system.stateSchema, definition, state, action.args);
      state = result.state;
      version += 1;
      applied.push({ seq: action.seq, name: action.name, args: action.args ?? {}, delta: result.delta, version });
    } catch (error) {
      if (!(error instanceof ActionRejection)) throw error;
      rejected.push({ seq: action.seq, name: action.name, code: error.code, rule: error.rule, field: error.field, reason: error.reason });
    }
  });
  return { state, version, lastSeq, applied, rejected };
}
