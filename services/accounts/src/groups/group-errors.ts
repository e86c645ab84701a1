import { BadUserInputError, ConflictError, DomainError, ErrorCode, NotFoundError } from '@scriptbook/platform';

/** The refusals of group operations, each naming the field and the rule a client can act on. */
export const groupErrors = {
  /** A non-member learns nothing, not even whether the group exists. */
  notVisible: (groupId: string) => new NotFoundError('Group', groupId, 'groupId'),
  notOwner: (groupId: string) =>
    new DomainError(ErrorCode.FORBIDDEN, `Only the owner of group ${groupId} may do this`, { field: 'groupId', rule: 'owner' }),
  personal: (groupId: string, what: string) =>
    new DomainError(ErrorCode.FORBIDDEN, `Group ${groupId} is a personal group: it cannot ${what}`, { field: 'groupId', rule: 'personal' }),
  tooManyInvitations: (limit: number) =>
    new ConflictError(`A group has at most ${limit} working invitations: withdraw one before making another`, {
      field: 'groupId',
      rule: 'open-invitations',
    }),
  codeFormat: () =>
    new BadUserInputError('code', 'format', 'code: must be ten symbols from 0-9 and A-Z without I, L, O and U, such as 7K2QX-M9D4R'),
  codeUnknown: () => new DomainError(ErrorCode.NOT_FOUND, 'No invitation has this code', { field: 'code', rule: 'exists' }),
  codeExpired: () => new BadUserInputError('code', 'expired', 'code: this invitation has expired; ask a member for a new one'),
  codeRevoked: () => new BadUserInputError('code', 'revoked', 'code: this invitation was withdrawn; ask a member for a new one'),
  alreadyMember: () => new ConflictError('You are already a member of this group', { field: 'code', rule: 'already-member' }),
  lastOwner: () =>
    new ConflictError('You own this group and others remain in it: name one of them as newOwnerId to leave', {
      field: 'newOwnerId',
      rule: 'last-owner',
    }),
  newOwnerIsSelf: () => new BadUserInputError('newOwnerId', 'self', 'newOwnerId: name another member, not yourself'),
  newOwnerNotMember: () => new BadUserInputError('newOwnerId', 'member', 'newOwnerId: must be a current member of the group'),
  newOwnerFromMember: () => new BadUserInputError('newOwnerId', 'owner', 'newOwnerId: only the owner hands ownership on'),
  removeSelf: () => new BadUserInputError('playerId', 'self', 'playerId: to leave a group yourself, use leaveGroup'),
  notAMember: (playerId: string) =>
    new DomainError(ErrorCode.NOT_FOUND, `Player ${playerId} is not a member of this group`, { field: 'playerId', rule: 'member' }),
  invitationNotVisible: (invitationId: string) => new NotFoundError('Invitation', invitationId, 'invitationId'),
  notInviterOrOwner: () =>
    new DomainError(ErrorCode.FORBIDDEN, 'Only the member who created an invitation, or the owner, may withdraw it', {
      field: 'invitationId',
      rule: 'owner-or-creator',
    }),
};
