import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { AuthenticatedPlayer, clientAddressOf, ConnectionShape, CurrentPlayer, PageArgs, RequestContext, requestLoader } from '@scriptbook/platform';
import { CreateGroupInput } from './group.inputs';
import { Group, GroupConnection, GroupInvitation, GroupMemberConnection, OpenGroupInvitation } from './group.model';
import { GroupInvitationsService, OpenInvitationRow } from './group-invitations.service';
import { GroupMembershipService } from './group-membership.service';
import { GroupMemberRow, GroupsService } from './groups.service';
import { MAX_OPEN_INVITATIONS } from './invitation-code';
import { JoinThrottle } from './join-throttle';

const groupIdArg = { type: () => ID, description: 'The id of a group you belong to.' };

@Resolver(() => Group)
export class GroupsResolver {
  constructor(
    private readonly groups: GroupsService,
    private readonly membership: GroupMembershipService,
    private readonly invitations: GroupInvitationsService,
    private readonly throttle: JoinThrottle,
  ) {}

  @Query(() => GroupConnection, {
    nullable: true,
    description: 'The shared groups you belong to, most recently joined first. Your personal group is not listed: see personalGroup.',
  })
  myGroups(@CurrentPlayer() viewer: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<Group>> {
    return this.groups.listMine(viewer.playerId, page.first, page.after);
  }

  @Query(() => Group, {
    nullable: true,
    description: 'A group you belong to; null when it does not exist or you are not a member (the two are indistinguishable).',
  })
  group(@CurrentPlayer() viewer: AuthenticatedPlayer, @Args('id', { type: () => ID, description: 'The group id.' }) id: string): Promise<Group | null> {
    return this.groups.find(id, viewer.playerId);
  }

  @Query(() => Group, {
    nullable: true,
    description:
      "Your personal group, created on first use: where campaigns go when no group is given. Nobody else can join it. Its id is always \"personal-\" followed by your player id.",
  })
  personalGroup(@CurrentPlayer() viewer: AuthenticatedPlayer): Promise<Group> {
    return this.groups.personalGroup(viewer.playerId);
  }

  @Mutation(() => Group, { description: 'Creates a shared group with you as its owner and only member.' })
  createGroup(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('input', { description: "The new group's name." }) input: CreateGroupInput,
  ): Promise<Group> {
    return this.groups.create(viewer.playerId, input);
  }

  @Mutation(() => GroupInvitation, {
    description:
      `Makes an invitation code for a shared group you belong to, valid for 72 hours and for any number of players until it expires or is withdrawn. The code is shown only here. A group has at most ${MAX_OPEN_INVITATIONS} working codes (CONFLICT, rule open-invitations).`,
  })
  groupInvite(@CurrentPlayer() viewer: AuthenticatedPlayer, @Args('groupId', groupIdArg) groupId: string): Promise<GroupInvitation> {
    return this.invitations.invite(groupId, viewer.playerId);
  }

  @Mutation(() => Boolean, {
    description: 'Withdraws an invitation so its code stops working. Allowed to the member who made it and to the owner. Always true when done.',
  })
  revokeGroupInvitation(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('invitationId', { type: () => ID, description: 'The id groupInvite returned with the code.' }) invitationId: string,
  ): Promise<boolean> {
    return this.invitations.revokeInvitation(invitationId, viewer.playerId);
  }

  @Mutation(() => Group, {
    description:
      'Joins the group an invitation code belongs to, as a MEMBER. Rate-limited per account and per address (RATE_LIMITED with retryAfter); wrong codes count too.',
  })
  async joinGroup(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('code', { description: 'The invitation code, as shown (XXXXX-XXXXX); case and dashes do not matter.' }) code: string,
    @Context() context: Parameters<typeof clientAddressOf>[0],
  ): Promise<Group> {
    await this.throttle.count(viewer.playerId, clientAddressOf(context));
    return this.membership.join(code, viewer.playerId);
  }

  @Mutation(() => Boolean, {
    description:
      'Leaves a shared group. The owner leaving while others remain must name the next owner in newOwnerId (CONFLICT, rule last-owner, otherwise). The last member leaving empties the group and withdraws its invitations. Always true when done.',
  })
  leaveGroup(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('groupId', groupIdArg) groupId: string,
    @Args('newOwnerId', {
      type: () => ID,
      nullable: true,
      description: 'Owner only: the member who becomes owner when you leave. Required while others remain; refused from a member.',
    })
    newOwnerId?: string | null,
  ): Promise<boolean> {
    return this.membership.leave(groupId, viewer.playerId, newOwnerId);
  }

  @Mutation(() => Group, {
    description:
      "Owner only: removes another member from the group and withdraws the group's working invitation codes, which the removed player may know; share a fresh code with whoever still needs one. To leave yourself, use leaveGroup.",
  })
  removeMember(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('groupId', groupIdArg) groupId: string,
    @Args('playerId', { type: () => ID, description: 'The member to remove.' }) playerId: string,
  ): Promise<Group> {
    return this.membership.removeMember(groupId, viewer.playerId, playerId);
  }

  @ResolveField(() => GroupMemberConnection, { description: 'The members, in the order they joined; the owner first for a new group.' })
  members(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Parent() group: Group,
    @Args() page: PageArgs,
  ): Promise<ConnectionShape<GroupMemberRow>> {
    return this.groups.members(group.id, viewer.playerId, page.first, page.after);
  }

  @ResolveField(() => [OpenGroupInvitation], {
    description: `The invitations that still work, newest first (at most ${MAX_OPEN_INVITATIONS}); offer to withdraw those with canRevoke.`,
  })
  openInvitations(@CurrentPlayer() viewer: AuthenticatedPlayer, @Parent() group: Group): Promise<OpenInvitationRow[]> {
    return this.invitations.openInvitations(group.id, viewer.playerId);
  }

  /** Other subgraphs' references resolve only for a member; anyone else gets null. */
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: RequestContext): Promise<Group | null> {
    const viewer = context.viewer;
    if (viewer.kind !== 'player') return Promise.resolve(null);
    const loader = requestLoader<string, Group | null>(context, 'groups', (ids) => this.groups.findMany(ids, viewer.playerId));
    return loader.load(reference.id);
  }
}

