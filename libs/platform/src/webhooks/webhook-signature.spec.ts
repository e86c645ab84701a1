import { documentedVerifier } from './testing/verification-snippet';
import { newWebhookSecret, webhookHeaders, webhookSignature } from './webhook-signature';

describe('webhook signatures and the documented check', () => {
  const verify = documentedVerifier();
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: 'evt_1', type: 'group.result.submitted', version: 1, occurredAt: '2026-12-02T05:00:00.000Z', data: { score: 41 } });
  const now = Date.UTC(2026, 11, 2, 5, 0, 0);

  it('accepts what the platform signs', () => {
    const headers = webhookHeaders(secret, '019ade00-0000-7000-8000-000000000000', 'group.result.submitted', body, now);
    expect(headers['Scriptbook-Signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(headers['Scriptbook-Delivery']).toBe('019ade00-0000-7000-8000-000000000000');
    expect(verify(secret, headers['Scriptbook-Signature'], body, now)).toBe(true);
  });

  it('refuses another body, another secret, a missing or malformed header', () => {
    const header = webhookSignature(secret, now / 1000, body);
    expect(verify(secret, header, body.replace('41', '42'), now)).toBe(false);
    expect(verify(newWebhookSecret(), header, body, now)).toBe(false);
    expect(verify(secret, undefined, body, now)).toBe(false);
    expect(verify(secret, 'v1=abc', body, now)).toBe(false);
    expect(verify(secret, header.replace(/v1=[0-9a-f]+/, 'v1=00'), body, now)).toBe(false);
  });

  it('refuses a replay outside the timestamp window and accepts one inside it', () => {
    const header = webhookSignature(secret, now / 1000, body);
    expect(verify(secret, header, body, now + 299_000)).toBe(true);
    expect(verify(secret, header, body, now + 301_000)).toBe(false);
    expect(verify(secret, header, body, now - 301_000)).toBe(false);
  });

  it('makes a different secret each time, recognisable by its prefix', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
