import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { alignByKey, AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs, requestLoader } from '@scriptbook/platform';
import { Game, Player } from '../references/external-entities.model';
import { Campaign, CampaignConnection, CreateCampaignInput } from './campaign.model';
import { CampaignsService } from './campaigns.service';

@Resolver(() => Campaign)
export class CampaignsResolver {
  constructor(private readonly campaigns: CampaignsService) {}

  @Mutation(() => Campaign, { description: 'Starts a campaign of a game, owned by the caller.' })
  createCampaign(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input') input: CreateCampaignInput,
  ): Promise<Campaign> {
    return this.campaigns.create(player.playerId, input);
  }

  @Query(() => CampaignConnection, { description: "The caller's campaigns, newest first." })
  myCampaigns(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<Campaign>> {
    return this.campaigns.listForOwner(player.playerId, page.first, page.after);
  }

  @ResolveField(() => Game)
  game(@Parent() campaign: Campaign): Game {
    return { id: campaign.gameId };
  }

  @ResolveField(() => Player)
  owner(@Parent() campaign: Campaign): Player {
    return { id: campaign.ownerId };
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<Campaign | null> {
    return requestLoader<string, Campaign | null>(context, 'campaigns', async (ids) =>
      alignByKey(ids, await this.campaigns.findByIds(ids), (campaign) => campaign.id),
    ).load(reference.id);
  }
}
