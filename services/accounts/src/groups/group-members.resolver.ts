import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { Player } from '../players/player.model';
import { GroupMember, OpenGroupInvitation } from './group.model';
import type { OpenInvitationRow } from './group-invitations.service';
import type { GroupMemberRow } from './groups.service';
import { playerById } from './player-loader';

@Resolver(() => GroupMember)
export class GroupMembersResolver {
  constructor(private readonly dataSource: DataSource) {}

  @ResolveField(() => Player, { description: 'The member, as accounts knows them (id and display name).' })
  player(@Parent() member: GroupMemberRow, @Context() context: object): Promise<Player> {
    return playerById(context, this.dataSource, member.playerId);
  }
}

@Resolver(() => OpenGroupInvitation)
export class OpenGroupInvitationsResolver {
  constructor(private readonly dataSource: DataSource) {}

  @ResolveField(() => Player, { description: 'The member who made the invitation.' })
  createdBy(@Parent() invitation: OpenInvitationRow, @Context() context: object): Promise<Player> {
    return playerById(context, this.dataSource, invitation.createdById);
  }
}
