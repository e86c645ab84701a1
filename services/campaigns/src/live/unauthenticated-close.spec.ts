import type { WebSocket } from 'ws';
import { UnauthenticatedClose } from './unauthenticated-close';

describe('UnauthenticatedClose', () => {
  const openSocket = () => {
    const closes: [number, string][] = [];
    const socket = { OPEN: 1, readyState: 1, close: (code: number, reason: string) => closes.push([code, reason]) };
    return { socket: socket as unknown as WebSocket, closes };
  };
  const expired = [{ message: 'The access token expired', extensions: { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-expired' } }];
  let closing: UnauthenticatedClose;

  beforeEach(() => {
    jest.useFakeTimers();
    closing = new UnauthenticatedClose();
  });
  afterEach(() => jest.useRealTimers());

  it('closes with 4401 and the rule once the last subscription’s error has gone out', () => {
    const { socket, closes } = openSocket();
    closing.erred(socket, expired);
    expect(closes).toEqual([]);
    closing.completed(socket, 0);
    expect(closes).toEqual([[4401, 'access-token-expired']]);
    jest.advanceTimersByTime(5_000);
    expect(closes).toHaveLength(1);
  });

  it('waits for the other subscriptions’ errors, and closes after a second at most', () => {
    const { socket, closes } = openSocket();
    closing.erred(socket, expired);
    closing.completed(socket, 1);
    jest.advanceTimersByTime(999);
    expect(closes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(closes).toEqual([[4401, 'access-token-expired']]);
  });

  it('leaves the connection open after any other refusal', () => {
    const { socket, closes } = openSocket();
    closing.erred(socket, [{ message: 'Campaign x does not exist', extensions: { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' } }]);
    closing.completed(socket, 0);
    jest.advanceTimersByTime(5_000);
    expect(closes).toEqual([]);
  });

  it('closes a connection that sent no token too, with a plain reason', () => {
    const { socket, closes } = openSocket();
    closing.erred(socket, [{ message: 'Sign in first', extensions: { code: 'UNAUTHENTICATED' } }]);
    closing.completed(socket, 0);
    expect(closes).toEqual([[4401, 'unauthenticated']]);
  });
});
