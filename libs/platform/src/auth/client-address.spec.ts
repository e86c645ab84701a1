import { clientAddressOf } from './client-address';
import { GATEWAY_CLIENT_ADDRESS_HEADER } from './gateway-signature';
import { durationSeconds } from './token-revocations';

const request = (header: string | undefined, peer = '::ffff:10.0.0.9') => ({
  req: { headers: { [GATEWAY_CLIENT_ADDRESS_HEADER]: header }, socket: { remoteAddress: peer } },
});

describe('clientAddressOf', () => {
  it('prefers the address whose signature the subgraph verified', () => {
    expect(clientAddressOf({ ...request('203.0.113.7'), clientAddress: '198.51.100.4' })).toBe('198.51.100.4');
    expect(clientAddressOf({ ...request(undefined), clientAddress: 'not an address' })).toBe('10.0.0.9');
  });

  it('takes the address the gateway forwarded', () => {
    expect(clientAddressOf(request('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddressOf(request('2001:DB8::1'))).toBe('2001:db8::1');
  });

  it('falls back to the peer when the header is missing or is not a plain address', () => {
    expect(clientAddressOf(request(undefined))).toBe('10.0.0.9');
    expect(clientAddressOf(request('evil; rotate-me'))).toBe('10.0.0.9');
    expect(clientAddressOf(request('1'.repeat(100)))).toBe('10.0.0.9');
    expect(clientAddressOf({})).toBe('unknown');
  });
});

describe('durationSeconds', () => {
  it('reads the JWT_TTL forms', () => {
    expect([durationSeconds('45s'), durationSeconds('15m'), durationSeconds('12h'), durationSeconds('7d')]).toEqual([45, 900, 43_200, 604_800]);
    expect(() => durationSeconds('7 days')).toThrow();
  });
});
