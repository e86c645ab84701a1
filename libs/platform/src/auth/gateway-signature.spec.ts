import { signGatewayRequest, verifyGatewaySignature } from './gateway-signature';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const NOW = 1_800_000_000;

describe('gateway request signature', () => {
  const body = '{"query":"{ _service { sdl } }"}';

  it('accepts the signature the gateway made for the same body', () => {
    expect(verifyGatewaySignature(SECRET, signGatewayRequest(SECRET, body, '203.0.113.7', NOW), body, '203.0.113.7', NOW + 5)).toEqual({ valid: true });
  });

  it('refuses a signature made for another body, another secret or too long ago', () => {
    const signature = signGatewayRequest(SECRET, body, '203.0.113.7', NOW);
    expect(verifyGatewaySignature(SECRET, signature, body.replace('sdl', 'sdl __typename'), '203.0.113.7', NOW)).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyGatewaySignature(`${SECRET}x`, signature, body, '203.0.113.7', NOW)).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyGatewaySignature(SECRET, signature, body, '203.0.113.7', NOW + 61)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a signature replayed for another client address', () => {
    const signature = signGatewayRequest(SECRET, body, '203.0.113.7', NOW);
    expect(verifyGatewaySignature(SECRET, signature, body, '198.51.100.1', NOW)).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('refuses a missing or malformed header without comparing anything', () => {
    expect(verifyGatewaySignature(SECRET, undefined, body, '', NOW)).toEqual({ valid: false, reason: 'missing' });
    expect(verifyGatewaySignature(SECRET, 't=1,v1=zz', body, '', NOW)).toEqual({ valid: false, reason: 'malformed' });
  });
});
