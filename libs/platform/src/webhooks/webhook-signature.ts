import { createHmac, randomBytes } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's secret. */
export const SIGNATURE_HEADER = 'Scriptbook-Signature';
/** The delivery's id: the same on every retry of it, so a receiver can drop what it has already handled. */
export const DELIVERY_HEADER = 'Scriptbook-Delivery';
/** The event's type, so a receiver can route before parsing the body. */
export const EVENT_HEADER = 'Scriptbook-Event';

/** Secrets start with this so a leaked one is recognisable in a scan. */
const SECRET_PREFIX = 'whsec_';

/** 32 random bytes: as strong as the HMAC key it becomes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value for `body` sent at `unixSeconds`. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** Every header a delivery carries besides Content-Type. */
export function webhookHeaders(secret: string, deliveryId: string, eventType: string, body: string, now = Date.now()): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: webhookSignature(secret, Math.floor(now / 1000), body),
    [DELIVERY_HEADER]: deliveryId,
    [EVENT_HEADER]: eventType,
  };
}
