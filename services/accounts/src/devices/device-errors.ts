import { ConflictError } from '@scriptbook/platform';

export const deviceErrors = {
  /**
   * Safe to say: whoever holds the id can already sign in as its player with
   * signInWithDevice, so refusing it here reveals nothing new to them.
   */
  linkedElsewhere: () =>
    new ConflictError('This device id already signs in another player; sign in with it instead, or use a new device id', {
      field: 'input.deviceId',
      rule: 'linked-elsewhere',
    }),
};
