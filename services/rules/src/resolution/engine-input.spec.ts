import { engineInput } from './engine-input';
import { toCounts, toValues } from './entries.model';

describe('engineInput', () => {
  it('drops the seed and every null, at any depth, and keeps list order', () => {
    const input = { seed: 's', a: 1, b: null, nested: { c: null, d: [{ e: null, f: 'x' }, { f: 'y' }] }, flag: false };
    expect(engineInput(input)).toEqual({ a: 1, nested: { d: [{ f: 'x' }, { f: 'y' }] }, flag: false });
  });

  it('turns class instances into plain objects and leaves the original alone', () => {
    class Input {
      seed = 's';
      players = ['Ana'];
    }
    const original = new Input();
    const plain = engineInput(original);
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(plain).toEqual({ players: ['Ana'] });
    expect(original.seed).toBe('s');
  });

  it('reads a missing input as empty', () => {
    expect(engineInput(undefined)).toEqual({});
  });
});

describe('record entries', () => {
  it('keeps the record order', () => {
    expect(toCounts({ Wood: 4, Water: 2 })).toEqual([
      { name: 'Wood', count: 4 },
      { name: 'Water', count: 2 },
    ]);
  });

  it('prints mixed values as text', () => {
    expect(toValues({ Cover: 4, Status: 'Calm' })).toEqual([
      { name: 'Cover', value: '4' },
      { name: 'Status', value: 'Calm' },
    ]);
  });
});
