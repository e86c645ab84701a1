import { Type } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs, playerOf, RequestContext, requestLoader } from '@scriptbook/platform';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';
import { Game, Player } from '../references/external-entities.model';
import { CampaignAccess } from './campaign-access';
import { requestedSetup, SetupField } from './campaign-setup-inputs';
import { Campaign, CreateCampaignFields } from './campaign.model';
import { CampaignsService } from './campaigns.service';

const INCLUDE_ARCHIVED = {
  type: () => Boolean,
  defaultValue: false,
  description: 'true lists archived campaigns too (each with its `archivedAt`); false, the default, leaves them out.',
};

/** The types a campaigns resolver serves, made once per hosted catalog. */
export interface CampaignsResolverTypes {
  readonly campaign: Type<Campaign>;
  readonly connection: Type<ConnectionShape<Campaign>>;
  readonly createInput: Type<Record<string, unknown>>;
  readonly setups: readonly SetupField[];
}

export function campaignsResolver({ campaign, connection, createInput, setups }: CampaignsResolverTypes): Type<unknown> {
  @Resolver(() => campaign)
  class CampaignsResolver {
    constructor(
      private readonly campaigns: CampaignsService,
      private readonly access: CampaignAccess,
    ) {}

    @Mutation(() => campaign, {
      description:
        'Starts a campaign of a game, owned by a group the caller is in (their personal group by default), from one setup procedure or empty. ' +
        'Needs a token of an existing player (UNAUTHENTICATED otherwise); a group the caller is not in gives NOT_FOUND on `input.groupId`.',
    })
    createCampaign(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('input', { type: () => createInput, description: 'The game, the name, and optionally the group, one setup and the seed.' }) input: Record<string, unknown>,
    ): Promise<Campaign> {
      return this.campaigns.create(player.playerId, input as unknown as CreateCampaignFields, requestedSetup(input, setups));
    }

    @Query(() => connection, {
      nullable: true,
      description:
        'Campaigns of every group the caller is in (the personal group included), newest first; archived ones only with `includeArchived`, deleted ones never ' +
        '(`deletedGroupCampaigns` lists those). Needs a token (UNAUTHENTICATED otherwise).',
    })
    myCampaigns(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args() page: PageArgs,
      @Args('includeArchived', INCLUDE_ARCHIVED) includeArchived: boolean,
    ): Promise<ConnectionShape<Campaign>> {
      return this.campaigns.myCampaigns(player.playerId, page.first, page.after, includeArchived);
    }

    @Query(() => connection, {
      nullable: true,
      description:
        'Campaigns of one group, newest first; archived ones only with `includeArchived`, deleted ones never (`deletedGroupCampaigns` lists those). ' +
        'Needs a token; a group the caller is not in gives NOT_FOUND on `groupId`.',
    })
    groupCampaigns(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
      @Args() page: PageArgs,
      @Args('includeArchived', INCLUDE_ARCHIVED) includeArchived: boolean,
    ): Promise<ConnectionShape<Campaign>> {
      return this.campaigns.groupCampaigns(player.playerId, groupId, page.first, page.after, includeArchived);
    }

    @Query(() => campaign, {
      nullable: true,
      description:
        'One campaign with its state and version. Needs a token (UNAUTHENTICATED otherwise): a member’s, or a share link’s for this campaign; a campaign of a group the caller is not in gives NOT_FOUND, ' +
        'the same as an id that does not exist. Always shows your own device’s last accepted push; a change made through another server shows as soon as ' +
        'its announcement arrives (well under a second). To follow a campaign, use `campaignChanged` and `campaignChanges`, which read the log itself.',
    })
    async campaign(@CurrentPlayer({ shareLink: true }) player: AuthenticatedPlayer, @Args('id', { type: () => ID, description: 'The campaign id.' }) id: string): Promise<Campaign> {
      return this.campaigns.toCampaign(await this.access.requireToRead(id, player));
    }

    @ResolveField(() => Game, { description: 'The game this campaign plays.' })
    game(@Parent() parent: Campaign): Game {
      return { id: parent.gameId };
    }

    @ResolveField(() => Player, { description: 'The player who created the campaign. Access follows the group, not this player.' })
    owner(@Parent() parent: Campaign): Player {
      return { id: parent.ownerId };
    }

    @ResolveField(() => JSONScalar, {
      description:
        'The same state as plain JSON, records as objects (`{"storage": {"Water": 2}}`): the shape the `path` of each change in `campaignChanges` addresses, ' +
        'so a device applies changes to it directly. Its structure is the typed state field of the campaign’s game.',
    })
    stateJson(@Parent() parent: Campaign): unknown {
      return parent.state;
    }

    /**
     * What `_entities` answers for a Campaign reference: the same rule as
     * `campaign(id)`, so a caller who could not read the field cannot read
     * the entity either. Each refused reference is null with its own error.
     */
    @ResolveReference()
    resolveReference(@Parent() reference: { id: string }, @Context() context: RequestContext): Promise<Campaign> {
      const viewer = playerOf(context);
      return requestLoader<string, Campaign>(context, 'campaigns', async (ids) =>
        (await this.access.visibleToRead(ids, viewer)).map((found) => (found instanceof Error ? found : this.campaigns.toCampaign(found))),
      ).load(reference.id);
    }
  }
  return CampaignsResolver;
}
