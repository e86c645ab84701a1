import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import {
  alignByKey,
  AuthenticatedPlayer,
  ConnectionShape,
  CurrentPlayer,
  PageArgs,
  playerOf,
  RequestContext,
  requestLoader,
} from '@scriptbook/platform';
import { Game, Player } from '../references/external-entities.model';
import { visibleCampaign } from './campaign-access';
import { Campaign, CampaignConnection, CreateCampaignInput } from './campaign.model';
import { CampaignsService } from './campaigns.service';

@Resolver(() => Campaign)
export class CampaignsResolver {
  constructor(private readonly campaigns: CampaignsService) {}

  @Mutation(() => Campaign, {
    description: 'Starts a campaign of a game, owned by the caller. Needs a token of an existing player (UNAUTHENTICATED otherwise).',
  })
  createCampaign(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The game and the name of the new campaign.' }) input: CreateCampaignInput,
  ): Promise<Campaign> {
    return this.campaigns.create(player.playerId, input);
  }

  @Query(() => CampaignConnection, { description: "The caller's campaigns, newest first. Needs a token (UNAUTHENTICATED otherwise)." })
  myCampaigns(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<Campaign>> {
    return this.campaigns.listForOwner(player.playerId, page.first, page.after);
  }

  @Query(() => Campaign, {
    nullable: true,
    description:
      "One of the caller's campaigns. Needs a token (UNAUTHENTICATED otherwise); another player's campaign gives NOT_FOUND, " +
      'the same as an id that does not exist.',
  })
  async campaign(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('id', { type: () => ID, description: 'The campaign id.' }) id: string,
  ): Promise<Campaign> {
    const [found] = await this.campaigns.findByIds([id]);
    return visibleCampaign(found ?? null, id, player);
  }

  @ResolveField(() => Game, { description: 'The game this campaign plays.' })
  game(@Parent() campaign: Campaign): Game {
    return { id: campaign.gameId };
  }

  @ResolveField(() => Player, { description: 'The player who started the campaign and owns it.' })
  owner(@Parent() campaign: Campaign): Player {
    return { id: campaign.ownerId };
  }

  /**
   * What `_entities` answers for a Campaign reference: the same rule as
   * `campaign(id)`, so a caller who could not read the field cannot read
   * the entity either. Each refused reference is null with its own error.
   */
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: RequestContext): Promise<Campaign> {
    const viewer = playerOf(context);
    return requestLoader<string, Campaign>(context, 'campaigns', async (ids) => {
      const found = alignByKey(ids, await this.campaigns.findByIds(ids), (campaign) => campaign.id);
      return found.map((campaign, index) => {
        try {
          return visibleCampaign(campaign, ids[index], viewer);
        } catch (refusal) {
          return refusal as Error;
        }
      });
    }).load(reference.id);
  }
}
