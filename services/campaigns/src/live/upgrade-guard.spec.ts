import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform';
import { decideUpgrade } from './upgrade-guard';

const secret = 'a-signing-secret-of-at-least-thirty-two-characters';

describe('decideUpgrade', () => {
  it('accepts an upgrade the gateway signed for the client address it names', () => {
    const headers = { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, '', '203.0.113.7'), [GATEWAY_CLIENT_ADDRESS_HEADER]: '203.0.113.7' };
    expect(decideUpgrade(secret, true, headers)).toEqual({ accepted: true, signedAddress: '203.0.113.7' });
  });

  it('refuses an unsigned upgrade outside development and lets it through in development', () => {
    expect(decideUpgrade(secret, true, {})).toEqual({ accepted: false, reason: "the upgrade's gateway signature is missing" });
    expect(decideUpgrade(secret, false, {})).toEqual({ accepted: true });
  });

  it('refuses a signature made for another address, even in development', () => {
    const headers = { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, '', '203.0.113.7'), [GATEWAY_CLIENT_ADDRESS_HEADER]: '198.51.100.1' };
    expect(decideUpgrade(secret, false, headers)).toEqual({ accepted: false, reason: "the upgrade's gateway signature is mismatch" });
  });

  it('refuses a signature older than the allowed skew', () => {
    const headers = { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, '', '', 1_000) };
    expect(decideUpgrade(secret, true, headers, 2_000)).toEqual({ accepted: false, reason: "the upgrade's gateway signature is expired" });
  });
});
