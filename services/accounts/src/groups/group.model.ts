import { Directive, Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';
import { Player } from '../players/player.model';

export enum GroupRole {
  OWNER = 'OWNER',
  MEMBER = 'MEMBER',
}

registerEnumType(GroupRole, {
  name: 'GroupRole',
  description: "A player's standing in a group. Every group with members has exactly one owner.",
  valuesMap: {
    OWNER: { description: 'Removes members and must name a new owner before leaving while others remain.' },
    MEMBER: { description: "Sees the group and its campaigns, invites others and may leave at any time." },
  },
});

export enum GroupKind {
  SHARED = 'SHARED',
  PERSONAL = 'PERSONAL',
}

registerEnumType(GroupKind, {
  name: 'GroupKind',
  description: 'Whether others can join the group.',
  valuesMap: {
    SHARED: { description: 'Created with createGroup; others join it with an invitation code.' },
    PERSONAL: { description: "A player's own group (see personalGroup): nobody else can join it and its owner cannot leave it." },
  },
});

@ObjectType({
  description:
    'Players who share a physical game box: the group owns campaigns and legacy state, and only its members see or change them. Resolves only for its members; for anyone else it does not exist.',
})
@Directive('@key(fields: "id")')
export class Group {
  @Field(() => ID, { description: 'Stable id; campaigns and scoring refer to the group by it.' })
  id!: string;

  @Field({ description: 'What the members call the group, 1 to 60 characters.' })
  name!: string;

  @Field(() => GroupKind, { description: 'SHARED groups take invitations; the PERSONAL group does not.' })
  kind!: GroupKind;

  @Field(() => GroupRole, { description: "The signed-in player's role here; decides which group actions to offer." })
  myRole!: GroupRole;

  @Field({ description: 'When the group was created.' })
  createdAt!: Date;
}

@ObjectType({ description: 'One player in a group, with their role and when they joined.' })
export class GroupMember {
  @Field(() => Player, { description: 'The member, as accounts knows them (id and display name).' })
  player!: Player;

  @Field(() => GroupRole, { description: 'OWNER or MEMBER.' })
  role!: GroupRole;

  @Field({ description: 'When the player joined (for the owner: created) the group.' })
  joinedAt!: Date;
}

@ObjectType({
  description:
    'An invitation to a shared group. The code is shown only in the answer to groupInvite: store or share it then; it cannot be read again.',
})
export class GroupInvitation {
  @Field(() => ID, { description: 'Pass to revokeGroupInvitation to withdraw the code before it expires.' })
  id!: string;

  @Field(() => ID, { description: 'The group the code lets a player join.' })
  groupId!: string;

  @Field({
    description:
      'Ten symbols from 0-9 and A-Z without I, L, O and U, shown as XXXXX-XXXXX. joinGroup accepts it in any case, with or without the dash.',
  })
  code!: string;

  @Field({ description: 'After this instant (72 hours after creation) joinGroup refuses the code.' })
  expiresAt!: Date;
}

@ObjectType({
  description: 'An invitation code of a group that still works. Its code is not shown again: only its maker had it, once.',
})
export class OpenGroupInvitation {
  @Field(() => ID, { description: 'Pass to revokeGroupInvitation to withdraw it.' })
  id!: string;

  @Field(() => Player, { description: 'The member who made the invitation.' })
  createdBy!: Player;

  @Field({ description: 'When it was made.' })
  createdAt!: Date;

  @Field({ description: 'When joinGroup stops accepting it.' })
  expiresAt!: Date;

  @Field({ description: 'Whether you may withdraw it: you made it, or you own the group.' })
  canRevoke!: boolean;
}

export const GroupConnection = Connection(Group, 'Group');
export const GroupMemberConnection = Connection(GroupMember, 'GroupMember');
