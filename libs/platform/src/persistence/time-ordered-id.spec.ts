import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('is a version 7 UUID', () => {
    expect(timeOrderedId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts as a string in the order of its milliseconds', () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 2_000_000_000_000, 2_000_000_000_000].map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps increasing within one millisecond and when the clock steps back', () => {
    const ids = [5_000_000, 5_000_000, 5_000_000, 4_999_999, 5_000_001].map((ms) => timeOrderedId(ms));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
