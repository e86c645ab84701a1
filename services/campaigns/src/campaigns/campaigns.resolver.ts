import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs, playerOf, RequestContext, requestLoader } from '@scriptbook/platform';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';
import { Game, Player } from '../references/external-entities.model';
import { GameSystemId } from '../state/game-systems';
import { HopeInhumanityStateType, serveState, TwomStateType, ZoneSurvivalStateType } from '../state/campaign-state.graphql';
import { CampaignAccess } from './campaign-access';
import { Campaign, CampaignConnection, CreateCampaignInput } from './campaign.model';
import { CampaignsService, toCampaign } from './campaigns.service';

const stateFor = (campaign: Campaign, system: GameSystemId) => (campaign.system === system ? serveState[system](campaign.state) : null);

@Resolver(() => Campaign)
export class CampaignsResolver {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly access: CampaignAccess,
  ) {}

  @Mutation(() => Campaign, {
    description:
      'Starts a campaign of a game, owned by a group the caller is in (their personal group by default). Needs a token of an existing player ' +
      '(UNAUTHENTICATED otherwise); a group the caller is not in gives NOT_FOUND on `input.groupId`.',
  })
  createCampaign(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The game, the name, and optionally the group, the setup input and the seed.' }) input: CreateCampaignInput,
  ): Promise<Campaign> {
    return this.campaigns.create(player.playerId, input);
  }

  @Query(() => CampaignConnection, {
    nullable: true,
    description: "Campaigns of every group the caller is in (the personal group included), newest first. Needs a token (UNAUTHENTICATED otherwise).",
  })
  myCampaigns(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<Campaign>> {
    return this.campaigns.myCampaigns(player.playerId, page.first, page.after);
  }

  @Query(() => CampaignConnection, {
    nullable: true,
    description: 'Campaigns of one group, newest first. Needs a token; a group the caller is not in gives NOT_FOUND on `groupId`.',
  })
  groupCampaigns(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
    @Args() page: PageArgs,
  ): Promise<ConnectionShape<Campaign>> {
    return this.campaigns.groupCampaigns(player.playerId, groupId, page.first, page.after);
  }

  @Query(() => Campaign, {
    nullable: true,
    description:
      'One campaign with its state and version. Needs a token (UNAUTHENTICATED otherwise); a campaign of a group the caller is not in gives NOT_FOUND, ' +
      'the same as an id that does not exist. Always shows your own device’s last accepted push; a change made through another server shows as soon as ' +
      'its announcement arrives (well under a second). To follow a campaign, use `campaignChanged` and `campaignChanges`, which read the log itself.',
  })
  async campaign(@CurrentPlayer() player: AuthenticatedPlayer, @Args('id', { type: () => ID, description: 'The campaign id.' }) id: string): Promise<Campaign> {
    return toCampaign(await this.access.requireToRead(id, player));
  }

  @ResolveField(() => Game, { description: 'The game this campaign plays.' })
  game(@Parent() campaign: Campaign): Game {
    return { id: campaign.gameId };
  }

  @ResolveField(() => Player, { description: 'The player who created the campaign. Access follows the group, not this player.' })
  owner(@Parent() campaign: Campaign): Player {
    return { id: campaign.ownerId };
  }

  @ResolveField(() => TwomStateType, { nullable: true, description: 'The state of a This War of Mine campaign (`twom`, Tales from the Ruined City included); null for other games.' })
  twomState(@Parent() campaign: Campaign): unknown {
    return stateFor(campaign, 'twom');
  }

  @ResolveField(() => ZoneSurvivalStateType, { nullable: true, description: 'The state of a Zone Survival game (`stalker-zs`); null for other games.' })
  zoneSurvivalState(@Parent() campaign: Campaign): unknown {
    return stateFor(campaign, 'zone-survival');
  }

  @ResolveField(() => HopeInhumanityStateType, { nullable: true, description: 'The state of a Hope Inhumanity game (`hope-inhumanity`); null for other games.' })
  hopeInhumanityState(@Parent() campaign: Campaign): unknown {
    return stateFor(campaign, 'hope-inhumanity');
  }

  @ResolveField(() => JSONScalar, {
    description:
      'The same state as plain JSON, records as objects (`{"storage": {"Water": 2}}`): the shape the `path` of each change in `campaignChanges` addresses, ' +
      'so a device applies changes to it directly. Its structure is the typed state field of the campaign’s game.',
  })
  stateJson(@Parent() campaign: Campaign): unknown {
    return campaign.state;
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
      (await this.access.visibleToRead(ids, viewer)).map((found) => (found instanceof Error ? found : toCampaign(found))),
    ).load(reference.id);
  }
}
