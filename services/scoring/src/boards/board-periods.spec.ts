import { nextReset, periodStart, periodTag } from './board-periods';

describe('board periods', () => {
  const sunday = new Date('2026-11-29T23:59:59.999Z');
  const monday = new Date('2026-11-30T00:00:00.000Z');

  it('starts weeks on Monday 00:00 UTC and resets a week later', () => {
    expect(periodStart('WEEK', sunday)).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(nextReset('WEEK', sunday)).toEqual(monday);
    expect(periodTag('WEEK', monday)).toBe('week-2026-11-30');
    expect(nextReset('WEEK', monday)).toEqual(new Date('2026-12-07T00:00:00Z'));
  });

  it('runs seasons by calendar month, across the year end', () => {
    const december = new Date('2026-12-31T12:00:00Z');
    expect(periodTag('SEASON', december)).toBe('season-2026-12');
    expect(periodStart('SEASON', december)).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(nextReset('SEASON', december)).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('never resets the all-time board', () => {
    expect(periodTag('ALL_TIME', monday)).toBe('all');
    expect(periodStart('ALL_TIME', monday)).toBeNull();
    expect(nextReset('ALL_TIME', monday)).toBeNull();
  });
});
