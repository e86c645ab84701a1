import proxyAddr from 'proxy-addr';
import { clientAddress, normalizeAddress, rateLimitKey } from './client-address';

const trustNone = proxyAddr.compile([]);
const trustLoopback = proxyAddr.compile(['loopback']);
const trustTwoProxies = proxyAddr.compile(['10.0.0.1', '10.0.0.2']);

describe('clientAddress', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, even loopback', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', trustNone)).toBe('127.0.0.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1, 203.0.113.7', trustNone)).toBe('127.0.0.1');
  });

  it('believes a trusted proxy about the hop it saw, and nothing further out', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', trustLoopback)).toBe('203.0.113.7');
    // The client wrote the first entry itself; the proxy appended the real address.
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.7', trustLoopback)).toBe('203.0.113.7');
  });

  it('walks through a chain of trusted proxies to the first address that is not one', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.1', trustTwoProxies)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '10.0.0.1', trustTwoProxies)).toBe('10.0.0.1');
  });

  it('joins repeated headers as one list', () => {
    expect(clientAddress('127.0.0.1', ['198.51.100.1', '203.0.113.7'], trustLoopback)).toBe('203.0.113.7');
  });

  it('falls back to the peer when a hop it reads is not a plain IP address', () => {
    for (const forged of ['not-an-address', '203.0.113.7:8080', '[2001:db8::1]', '', `1${'1'.repeat(60)}`, 'x'.repeat(10_000)]) {
      expect(clientAddress('127.0.0.1', forged, trustLoopback)).toBe('127.0.0.1');
    }
    expect(clientAddress('10.0.0.2', '203.0.113.7, bogus', trustTwoProxies)).toBe('10.0.0.2');
  });

  it('never reads hops beyond the first untrusted one, however large the header', () => {
    const noise = `${'garbage, '.repeat(1_000)}203.0.113.7`;
    expect(clientAddress('127.0.0.1', noise, trustLoopback)).toBe('203.0.113.7');
  });

  it('gives up on a chain longer than any real deployment and uses the peer', () => {
    const trustAll = () => true;
    const chain = Array.from({ length: 40 }, (_, i) => `10.0.1.${i}`).join(', ');
    expect(clientAddress('127.0.0.1', chain, trustAll)).toBe('127.0.0.1');
  });

  it('answers an empty address when the socket has none', () => {
    expect(clientAddress(undefined, '203.0.113.7', trustLoopback)).toBe('');
  });
});

describe('normalizeAddress', () => {
  it('unwraps IPv4-mapped IPv6 and lower-cases IPv6', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});

describe('rateLimitKey', () => {
  it('keys IPv4 by the address and IPv6 by its /64, however it is written', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
