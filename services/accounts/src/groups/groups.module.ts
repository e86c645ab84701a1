import { Module } from '@nestjs/common';
import { RedisModule } from '@scriptbook/platform';
import { GroupMembersResolver, OpenGroupInvitationsResolver } from './group-members.resolver';
import { GroupInvitationsService } from './group-invitations.service';
import { GroupMembershipService } from './group-membership.service';
import { GroupMembershipSync } from './group-membership-sync';
import { GroupsResolver } from './groups.resolver';
import { GroupsService } from './groups.service';
import { JoinThrottle } from './join-throttle';

/** Play groups, their invitations, and the membership read model other subgraphs rely on. */
@Module({
  imports: [RedisModule],
  providers: [
    GroupsService,
    GroupMembershipService,
    GroupInvitationsService,
    GroupMembershipSync,
    JoinThrottle,
    GroupsResolver,
    GroupMembersResolver,
    OpenGroupInvitationsResolver,
  ],
  exports: [GroupsService, GroupMembershipService, GroupMembershipSync],
})
export class GroupsModule {}
