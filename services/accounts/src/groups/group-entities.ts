import { GroupInvitationEntity } from './group-invitation.entity';
import { GroupMembershipEntity } from './group-membership.entity';
import { PlayGroupEntity } from './play-group.entity';

/** Registered with accounts' data source. */
export const groupEntities = [PlayGroupEntity, GroupMembershipEntity, GroupInvitationEntity];
