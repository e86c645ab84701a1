import { clientAddressOf } from './client-address';
import { durationSeconds } from './token-revocations';

const peer = (remoteAddress: string) => ({ req: { socket: { remoteAddress } } });

describe('clientAddressOf', () => {
  it('prefers the address whose signature the subgraph verified', () => {
    expect(clientAddressOf({ ...peer('::ffff:10.0.0.9'), clientAddress: '198.51.100.4' })).toBe('198.51.100.4');
    expect(clientAddressOf({ ...peer('::ffff:10.0.0.9'), clientAddress: '2001:DB8::1' })).toBe('2001:db8::1');
  });

  it('falls back to the peer when nothing signed names an address', () => {
    expect(clientAddressOf(peer('::ffff:10.0.0.9'))).toBe('10.0.0.9');
    expect(clientAddressOf({ ...peer('::1'), clientAddress: 'evil; rotate-me' })).toBe('::1');
    expect(clientAddressOf({ ...peer('::1'), clientAddress: '1'.repeat(100) })).toBe('::1');
    expect(clientAddressOf({})).toBe('unknown');
  });
});

describe('durationSeconds', () => {
  it('reads the JWT_TTL forms', () => {
    expect([durationSeconds('45s'), durationSeconds('15m'), durationSeconds('12h'), durationSeconds('7d')]).toEqual([45, 900, 43_200, 604_800]);
    expect(() => durationSeconds('7 days')).toThrow();
  });
});
