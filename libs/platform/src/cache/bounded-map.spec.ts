import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the entry set longest ago once full', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
    expect(map.size).toBe(2);
  });

  it('keeps a key set again, dropping the next oldest instead', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([10, undefined, 3]);
  });

  it('forgets on delete and clear', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.delete('a')).toBe(true);
    expect(map.get('a')).toBeUndefined();
    map.clear();
    expect(map.size).toBe(0);
  });

  it('refuses a capacity that could hold nothing', () => {
    expect(() => new BoundedMap(0)).toThrow(/capacity of at least 1/);
  });
});
