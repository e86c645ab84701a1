import { parseInput } from '@scriptbook/platform';
import { randomBytes } from 'node:crypto';
import { deviceIdSchema, hashSecret } from './device-id';

const refusalOf = (deviceId: string) => {
  try {
    parseInput(deviceIdSchema, deviceId, 'input.deviceId');
    return undefined;
  } catch (error) {
    return (error as { details: unknown }).details;
  }
};

describe('device ids', () => {
  it('accepts 32 random bytes in base64url, and the shortest allowed id', () => {
    expect(refusalOf(randomBytes(32).toString('base64url'))).toBeUndefined();
    expect(refusalOf(randomBytes(24).toString('base64url'))).toBeUndefined();
  });

  it('names the field and the rule for each kind of bad id', () => {
    expect(refusalOf(randomBytes(16).toString('base64url'))).toEqual({ field: 'input.deviceId', rule: 'min' });
    expect(refusalOf('a'.repeat(129))).toEqual({ field: 'input.deviceId', rule: 'max' });
    expect(refusalOf(randomBytes(32).toString('base64'))).toEqual({ field: 'input.deviceId', rule: 'alphabet' });
    expect(refusalOf('0'.repeat(40))).toEqual({ field: 'input.deviceId', rule: 'alphabet' });
  });

  it('stores a fixed-length digest that differs per id', () => {
    const id = randomBytes(32).toString('base64url');
    expect(hashSecret(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(id)).not.toBe(hashSecret(`${id}x`));
    expect(hashSecret(id)).not.toContain(id);
  });
});
