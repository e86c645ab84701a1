import { afterPullPage, afterPush, afterRekey, afterReset, PulledPage } from './reconcile';
import { CampaignRecords, newDevice, StoredAction } from './records';

const action = (seq: number, name = 'add-note'): StoredAction => ({ id: `a${seq}`, seq, name, args: { text: `note ${seq}` } });

function records(actions: StoredAction[], handledUpTo = 0): CampaignRecords {
  return {
    copy: { gameId: 'game', version: 3, state: { notes: [], storage: { Water: 2 } } },
    device: { ...newDevice('phone-ana-1'), nextSeq: actions.length + 1, handledUpTo },
    actions,
    rejections: [],
    settled: [],
  };
}

const change = (version: number, clientId: string | null, seq: number | null, by = 1) => ({
  version,
  name: 'add-resource',
  clientId,
  seq,
  delta: [{ op: 'add', path: ['storage', 'Water'], by, from: null, to: null }],
});

const page = (changes: ReturnType<typeof change>[], lastSeq: number, extra: Partial<PulledPage> = {}): PulledPage => ({
  version: changes.length ? changes[changes.length - 1].version : 3,
  hasMore: false,
  clients: [{ clientId: 'phone-ana-1', lastSeq }],
  changes,
  ...extra,
});

describe('following the server', () => {
  it('a push answer drops only what it lists as rejected, with the reason, and marks every seq up to lastSeq handled', () => {
    const before = records([action(1), action(2), action(3)]);
    const after = afterPush(before, 'phone-ana-1', before.actions, { version: 5, lastSeq: 3, rejected: [{ seq: 2, code: 'CONFLICT', rule: 'storage-below-zero', field: 'args.amount', reason: 'fewer' }] });
    expect(after.actions.map((a) => a.seq)).toEqual([1, 3]);
    expect(after.rejections).toEqual([expect.objectContaining({ id: 'a2', seq: 2, rule: 'storage-below-zero', reasonKnown: true })]);
    expect(after.device.handledUpTo).toBe(3);
  });

  it('a pull applies the changes after the copy, settles this device’s seen actions, and skips what it already holds', () => {
    const before = records([action(1), action(2)], 2);
    const { records: after, gap } = afterPullPage(before, page([change(3, 'tablet-ben', 1), change(4, 'phone-ana-1', 1, 2), change(5, 'phone-ana-1', 2)], 2), { conclusiveUpTo: 2, last: true });
    expect(gap).toBe(false);
    expect(after.copy).toEqual({ gameId: 'game', version: 5, state: { notes: [], storage: { Water: 5 } } });
    expect(after.actions).toEqual([]);
    expect(after.settled).toEqual([
      { id: 'a1', outcome: 'applied', version: 4 },
      { id: 'a2', outcome: 'applied', version: 5 },
    ]);
  });

  it('takes a handled action missing from the changes as rejected only once a pull sent after the server handled it says so', () => {
    const before = records([action(1)]);
    // The clients were read after the changes: lastSeq may cover a change the page does not hold yet.
    const first = afterPullPage(before, page([], 1), { conclusiveUpTo: before.device.handledUpTo, last: true }).records;
    expect(first.actions.map((a) => a.seq)).toEqual([1]);
    expect(first.device.handledUpTo).toBe(1);
    const second = afterPullPage(first, page([], 1), { conclusiveUpTo: first.device.handledUpTo, last: true }).records;
    expect(second.actions).toEqual([]);
    expect(second.rejections).toEqual([expect.objectContaining({ seq: 1, code: 'UNKNOWN', rule: 'reason-lost', reasonKnown: false })]);
  });

  it('takes the reason from the rejections the server keeps, when it keeps them', () => {
    const before = records([action(1), action(2)], 2);
    const kept = { rejected: [{ clientId: 'phone-ana-1', seq: 2, code: 'NOT_FOUND', rule: 'character', field: 'args.character', reason: 'No Character named Emira' }] };
    const after = afterPullPage(before, page([change(4, 'phone-ana-1', 1)], 2, kept), { conclusiveUpTo: 0, last: true }).records;
    expect(after.actions).toEqual([]);
    expect(after.rejections).toEqual([expect.objectContaining({ seq: 2, rule: 'character', reason: 'No Character named Emira', reasonKnown: true })]);
  });

  it('concludes nothing before the last page, and reports a gap when the copy moved past the page', () => {
    const before = records([action(1)], 1);
    const middle = afterPullPage(before, { ...page([change(4, 'tablet-ben', 1)], 1), hasMore: true }, { conclusiveUpTo: 1, last: false });
    expect(middle.records.actions.map((a) => a.seq)).toEqual([1]);
    const gapped = afterPullPage(before, page([change(6, 'tablet-ben', 3)], 1), { conclusiveUpTo: 1, last: true });
    expect(gapped.gap).toBe(true);
    expect(gapped.records.actions.map((a) => a.seq)).toEqual([1]);
    expect(gapped.records.copy!.version).toBe(3);
  });

  it('after the copy is read anew, a handled action not seen has an unknown outcome, never a rejection', () => {
    const reset = afterReset(records([action(1), action(2)], 2), { gameId: 'game', version: 1, state: { notes: [], storage: {} } });
    expect(reset.device).toEqual(expect.objectContaining({ handledUpTo: 0, uncertainUpTo: 2 }));
    const learned = afterPullPage(reset, page([], 1), { conclusiveUpTo: 0, last: true }).records;
    const after = afterPullPage(learned, page([], 1), { conclusiveUpTo: learned.device.handledUpTo, last: true }).records;
    expect(after.actions.map((a) => a.seq)).toEqual([2]);
    expect(after.settled).toEqual([{ id: 'a1', outcome: 'unknown', version: null }]);
    expect(after.rejections).toEqual([]);
  });

  it('a new client id numbers the queue from 1 again and keeps each action’s id', () => {
    const rekeyed = afterRekey(records([action(4), action(5)]), 'phone-ana-2');
    expect(rekeyed.actions.map((a) => [a.id, a.seq])).toEqual([
      ['a4', 1],
      ['a5', 2],
    ]);
    expect(rekeyed.device).toEqual(expect.objectContaining({ clientId: 'phone-ana-2', nextSeq: 3, handledUpTo: 0 }));
  });
});
