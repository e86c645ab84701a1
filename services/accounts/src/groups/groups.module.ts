import { Module } from '@nestjs/common';
import { RedisModule } from '@scriptbook/platform';
import { GroupMembersResolver, OpenGroupInvitationsResolver } from './group-members.resolver';
import { GroupMembershipSync } from './group-membership-sync';
import { GroupsResolver } from './groups.resolver';
import { GroupsService } from './groups.service';
import { JoinThrottle } from './join-throttle';

/** Play groups, their invitations, and the membership read model other subgraphs rely on. */
@Module({
  imports: [RedisModule],
  providers: [GroupsService, GroupsResolver, GroupMembersResolver, OpenGroupInvitationsResolver, GroupMembershipSync, JoinThrottle],
  exports: [GroupsService, GroupMembershipSync],
})
export class GroupsModule {}
