import { applyChanges } from '@scriptbook/campaign-model';
import type { JsonObject, JsonValue } from '../json';
import { afterLifecycleEntry, isLifecycleChange } from './lifecycle';
import { CampaignRecords, ConfirmedCopy, SETTLED_KEPT, SettledAction, StoredAction, StoredRejection } from './records';
import { fromWire, WireStateChange } from './wire';

/**
 * How the device's records follow what the server says, as pure steps: a
 * push's answer, a page of changes, a copy read anew, a new client id.
 * Each returns the records to store; an action leaves the outbox only on
 * evidence, so none is dropped unseen and none is sent twice under two seqs.
 */

export interface PushAnswer {
  readonly version: number;
  readonly lastSeq: number;
  readonly rejected: readonly RejectedByServer[];
}

export interface RejectedByServer {
  readonly seq: number;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
}

export interface PulledChange {
  readonly version: number;
  readonly name: string;
  /** Read for lifecycle entries only (`rename-campaign`'s `{ from, to }`, ...). */
  readonly args?: unknown;
  readonly clientId: string | null;
  readonly seq: number | null;
  readonly delta: readonly WireStateChange[];
}

export interface PulledPage {
  readonly version: number;
  readonly hasMore: boolean;
  readonly clients: readonly { readonly clientId: string; readonly lastSeq: number }[];
  readonly changes: readonly PulledChange[];
  /**
   * This device's actions the server handled without applying, with why,
   * for servers that keep them: a device that lost a push's answer then
   * still learns the reason. Absent where the server does not keep them.
   */
  readonly rejected?: readonly (RejectedByServer & { readonly clientId: string })[];
}

export const REASON_LOST: Omit<StoredRejection, 'id' | 'seq' | 'name' | 'args'> = {
  code: 'UNKNOWN',
  rule: 'reason-lost',
  field: 'seq',
  reason: 'The server handled this action without applying it; the answer that said why did not arrive.',
  reasonKnown: false,
};

function rejectionOf(action: StoredAction, why: RejectedByServer): StoredRejection {
  return { id: action.id, seq: action.seq, name: action.name, args: action.args, code: why.code, rule: why.rule, field: why.field, reason: why.reason, reasonKnown: true };
}

const keepLatest = (settled: readonly SettledAction[]) => (settled.length > SETTLED_KEPT ? settled.slice(settled.length - SETTLED_KEPT) : settled);

/** Queues one action under the next seq. */
export function afterEnqueue(records: CampaignRecords, id: string, name: string, args: JsonObject): { records: CampaignRecords; action: StoredAction } {
  const action: StoredAction = { id, seq: records.device.nextSeq, name, args };
  return { records: { ...records, device: { ...records.device, nextSeq: action.seq + 1 }, actions: [...records.actions, action] }, action };
}

/**
 * A push's answer: the actions it lists as rejected leave with their
 * reason; every seq up to `lastSeq` is handled. The others stay until a pull
 * shows their change: an answer does not say which seqs an earlier push,
 * whose answer was lost, already handled.
 */
export function afterPush(records: CampaignRecords, clientId: string, sent: readonly StoredAction[], answer: PushAnswer): CampaignRecords {
  if (records.device.clientId !== clientId) return records;
  const sentIds = new Map(sent.map((action) => [action.seq, action.id]));
  const why = new Map(answer.rejected.map((rejected) => [rejected.seq, rejected]));
  const rejections = [...records.rejections];
  const actions = records.actions.filter((action) => {
    const rejected = sentIds.get(action.seq) === action.id ? why.get(action.seq) : undefined;
    if (rejected) rejections.push(rejectionOf(action, rejected));
    return !rejected;
  });
  const handledUpTo = Math.max(records.device.handledUpTo, answer.lastSeq);
  return {
    ...records,
    actions: actions.length === records.actions.length ? records.actions : actions,
    rejections: rejections.length === records.rejections.length ? records.rejections : rejections,
    device: handledUpTo === records.device.handledUpTo ? records.device : { ...records.device, handledUpTo },
  };
}

export interface PullOptions {
  /**
   * Seqs up to here were known handled before this pull was sent. A pull's
   * changes and its `clients` are not read at one instant, so only then does
   * a handled action missing from the changes prove it was not applied.
   */
  readonly conclusiveUpTo: number;
  /** This page ends the pull (`hasMore` false). */
  readonly last: boolean;
}

export interface PullOutcome {
  readonly records: CampaignRecords;
  /** The changes did not follow the copy's version (another tab replaced the copy meanwhile): pull again from the stored version. */
  readonly gap: boolean;
  /** The server's last handled seq for this device, as the page says. */
  readonly serverLastSeq: number;
  /** The newest version the page shows the server at. */
  readonly serverVersion: number;
}

/** A page of `campaignChanges`: its changes applied to the copy, this device's seen ones settled as applied. */
export function afterPullPage(records: CampaignRecords, page: PulledPage, options: PullOptions): PullOutcome {
  const copy = records.copy;
  if (!copy) throw new Error('A page of changes needs a copy to apply to');
  const { clientId } = records.device;
  let state: unknown = copy.state;
  let version = copy.version;
  let details: ConfirmedCopy = copy;
  let gap = false;
  const pending = new Map(records.actions.map((action) => [action.seq, action]));
  const settled = [...records.settled];
  const rejections = [...records.rejections];
  for (const change of [...page.changes].sort((a, b) => a.version - b.version)) {
    if (change.version <= version) continue;
    if (change.version !== version + 1) {
      gap = true;
      break;
    }
    state = applyChanges(state, fromWire(change.delta));
    version = change.version;
    if (isLifecycleChange(change.name)) {
      // A record of what happened to the campaign, not an action: it settles nothing of the queue.
      details = afterLifecycleEntry(details, change.name, change.args);
      continue;
    }
    if (change.clientId === clientId && change.seq !== null) {
      const action = pending.get(change.seq);
      if (action) {
        pending.delete(change.seq);
        settled.push({ id: action.id, outcome: 'applied', version: change.version });
      }
    }
  }
  for (const rejected of page.rejected ?? []) {
    const action = rejected.clientId === clientId ? pending.get(rejected.seq) : undefined;
    if (!action) continue;
    pending.delete(rejected.seq);
    rejections.push(rejectionOf(action, rejected));
  }
  const serverLastSeq = page.clients.find((client) => client.clientId === clientId)?.lastSeq ?? 0;
  const handledUpTo = Math.max(records.device.handledUpTo, serverLastSeq);
  const device = handledUpTo === records.device.handledUpTo ? records.device : { ...records.device, handledUpTo };
  if (options.last && !gap) {
    for (const action of [...pending.values()]) {
      if (action.seq > options.conclusiveUpTo) continue;
      pending.delete(action.seq);
      if (action.seq <= device.uncertainUpTo) settled.push({ id: action.id, outcome: 'unknown', version: null });
      else rejections.push({ id: action.id, seq: action.seq, name: action.name, args: action.args, ...REASON_LOST });
    }
  }
  const lastChange = page.changes.reduce((max, change) => Math.max(max, change.version), 0);
  return {
    records: {
      copy: version === copy.version && details === copy ? copy : { ...details, version, state: state as JsonValue },
      device,
      actions: pending.size === records.actions.length ? records.actions : [...pending.values()].sort((a, b) => a.seq - b.seq),
      rejections: rejections.length === records.rejections.length ? records.rejections : rejections,
      settled: settled.length === records.settled.length ? records.settled : keepLatest(settled),
    },
    gap,
    serverLastSeq,
    serverVersion: Math.max(page.version, lastChange),
  };
}

/**
 * The copy read anew from `campaign(id)`, after the server refused a pull
 * from beyond its version. What is queued stays queued; what was handled
 * is the server's to say again, and an action queued before may have
 * applied before the new copy, where no pull will show it.
 */
export function afterReset(records: CampaignRecords, copy: ConfirmedCopy): CampaignRecords {
  return { ...records, copy, device: { ...records.device, handledUpTo: 0, uncertainUpTo: records.device.nextSeq - 1 } };
}

/**
 * The server no longer knows this device's seqs (restored from a backup
 * older than them): every queued action, none of which it has handled, is
 * queued again from seq 1 under a new client id, keeping its id.
 */
export function afterRekey(records: CampaignRecords, clientId: string): CampaignRecords {
  const actions = records.actions.map((action, i) => ({ ...action, seq: i + 1 }));
  return { ...records, actions, device: { ...records.device, clientId, nextSeq: actions.length + 1, handledUpTo: 0, uncertainUpTo: 0 } };
}

/**
 * A push refused because the campaign is archived: nothing was handled, so
 * the queue stays as it is and waits; the copy notes the archive, which
 * holds pushes back until a pull shows `unarchive-campaign`.
 */
export function afterArchivedRefusal(records: CampaignRecords): CampaignRecords {
  const copy = records.copy;
  if (!copy || copy.archived === true) return records;
  return { ...records, copy: { ...copy, archived: true } };
}

/** The copy's name, group and archive as a read of the campaign (or a lifecycle operation's answer) gives them. */
export function afterDetails(records: CampaignRecords, details: { readonly name: string; readonly groupId: string; readonly archived: boolean }): CampaignRecords {
  const copy = records.copy;
  if (!copy || (copy.name === details.name && copy.groupId === details.groupId && copy.archived === details.archived)) return records;
  return { ...records, copy: { ...copy, ...details } };
}

/** The app has told the player; the rejection goes. */
export function afterDismiss(records: CampaignRecords, id: string): CampaignRecords {
  return { ...records, rejections: records.rejections.filter((rejection) => rejection.id !== id) };
}
