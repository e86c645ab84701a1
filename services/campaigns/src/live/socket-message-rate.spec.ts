import { overRate, SocketMessageRate } from './socket-message-rate';

describe('SocketMessageRate', () => {
  it('admits the rate within each second and starts again the next', () => {
    let now = 10_000;
    const rate = new SocketMessageRate(3, () => now);
    expect([rate.admit(), rate.admit(), rate.admit(), rate.admit()]).toEqual([true, true, true, false]);
    now += 999;
    expect(rate.admit()).toBe(false);
    now += 1;
    expect([rate.admit(), rate.admit(), rate.admit(), rate.admit()]).toEqual([true, true, true, false]);
  });

  it('admits everything with a rate of 0', () => {
    const rate = new SocketMessageRate(0);
    expect(Array.from({ length: 1_000 }, () => rate.admit()).every(Boolean)).toBe(true);
  });
});

describe('overRate', () => {
  it('refuses a subscribe with its own RATE_LIMITED error and a retry time', () => {
    const decision = overRate(JSON.stringify({ id: 'op-7', type: 'subscribe', payload: { query: '{ live }' } }), 40);
    expect(decision.handle).toBe(false);
    expect(JSON.parse(decision.reply!)).toEqual({
      id: 'op-7',
      type: 'error',
      payload: [{ message: 'Over 40 messages per second on this socket; retry in 1 s', extensions: { code: 'RATE_LIMITED', retryAfter: 1 } }],
    });
  });

  it('still handles a complete, which only frees what the client held, and drops anything else', () => {
    expect(overRate(JSON.stringify({ id: 'op-7', type: 'complete' }), 40)).toEqual({ handle: true });
    expect(overRate(JSON.stringify({ type: 'ping' }), 40)).toEqual({ handle: false });
    expect(overRate('not json', 40)).toEqual({ handle: false });
    expect(overRate(JSON.stringify({ type: 'subscribe', id: 7 }), 40)).toEqual({ handle: false });
  });
});
