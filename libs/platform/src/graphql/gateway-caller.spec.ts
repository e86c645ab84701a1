import { signGatewayRequest } from '../auth/gateway-signature';
import { decideGatewayCaller } from './gateway-caller';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const NOW = 1_800_000_000;
const BODY = Buffer.from('{"query":"{ probe { level } }"}');

const facts = (overrides: Partial<Parameters<typeof decideGatewayCaller>[2]> = {}) => ({
  method: 'POST',
  signature: undefined,
  clientAddress: undefined,
  rawBody: BODY,
  ...overrides,
});

describe('decideGatewayCaller', () => {
  it('accepts a request the gateway signed, with the address it signed', () => {
    const signature = signGatewayRequest(SECRET, BODY, '203.0.113.9', NOW);
    expect(decideGatewayCaller(SECRET, true, facts({ signature, clientAddress: '203.0.113.9' }), NOW)).toEqual({
      accepted: true,
      clientAddress: '203.0.113.9',
    });
  });

  it('refuses an unsigned request where signatures are required', () => {
    expect(decideGatewayCaller(SECRET, true, facts(), NOW)).toEqual({ accepted: false, reason: 'it carries no gateway signature' });
  });

  it('lets an unsigned request through where they are not, vouching for no address', () => {
    expect(decideGatewayCaller(SECRET, false, facts({ clientAddress: '198.51.100.1' }), NOW)).toEqual({ accepted: true });
  });

  it('refuses a present but wrong signature even where none is required', () => {
    const forged = signGatewayRequest('another-secret-that-is-32-chars-long!!', BODY, '', NOW);
    expect(decideGatewayCaller(SECRET, false, facts({ signature: forged }), NOW)).toEqual({
      accepted: false,
      reason: 'its gateway signature does not match the request',
    });
    expect(decideGatewayCaller(SECRET, false, facts({ signature: 'nonsense' }), NOW)).toMatchObject({ accepted: false });
  });

  it('refuses a signature carried by a GET, whose operation the signature does not cover', () => {
    const signature = signGatewayRequest(SECRET, '', '', NOW);
    expect(decideGatewayCaller(SECRET, true, facts({ method: 'GET', signature, rawBody: Buffer.alloc(0) }), NOW)).toEqual({
      accepted: false,
      reason: 'only a POST request can carry a gateway signature',
    });
  });

  it('refuses an address the signature was not made for', () => {
    const signature = signGatewayRequest(SECRET, BODY, '203.0.113.9', NOW);
    expect(decideGatewayCaller(SECRET, true, facts({ signature, clientAddress: '198.51.100.1' }), NOW)).toMatchObject({ accepted: false });
  });
});
