import { WriteBatcher } from './write-batcher';

describe('WriteBatcher', () => {
  it('writes a lone item at once, and the items that arrive meanwhile together in the next call', async () => {
    const calls: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = new WriteBatcher<number>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = batcher.add(1);
    const waiting = [batcher.add(2), batcher.add(3), batcher.add(4)];
    expect(calls).toEqual([[1]]);
    release();
    await Promise.all([first, ...waiting]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
    await batcher.add(5);
    expect(calls).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('tells each caller how its own batch went, and keeps serving after a failure', async () => {
    let fail = true;
    const batcher = new WriteBatcher<string>(async (items) => {
      if (fail && items.includes('bad')) throw new Error('write failed');
    });
    const failed = batcher.add('bad');
    const nextBatch = batcher.add('good');
    await expect(failed).rejects.toThrow('write failed');
    await expect(nextBatch).resolves.toBeUndefined();
    fail = false;
    await expect(batcher.add('bad')).resolves.toBeUndefined();
  });
});
