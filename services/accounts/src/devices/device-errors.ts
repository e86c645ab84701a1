import { ConflictError, NotFoundError } from '@scriptbook/platform';

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

  /** Another player's device reads as a missing one, so ids cannot be probed. */
  notLinked: (id: string) => new NotFoundError('Device', id, 'id'),
  lastWayIn: () =>
    new ConflictError('This is the only way this player can sign in; link an email or another device first', {
      field: 'id',
      rule: 'last-sign-in',
    }),
};
