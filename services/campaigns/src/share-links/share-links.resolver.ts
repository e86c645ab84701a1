import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { CampaignShareLink, CreateCampaignShareLinkInput, CreatedCampaignShareLink } from './share-links.model';
import { MAX_WORKING_LINKS, ShareLinksService } from './share-links.service';

const MEMBERS =
  'Members of the campaign’s group only: no token is UNAUTHENTICATED, a share link’s token FORBIDDEN (rule "share-link-scope"), anyone else (a former member included) NOT_FOUND.';

@Resolver()
export class ShareLinksResolver {
  constructor(private readonly links: ShareLinksService) {}

  @Mutation(() => CreatedCampaignShareLink, {
    description:
      'Makes a read-only share link of a campaign for a screen at the table or a friend watching: its token reads and follows that campaign and nothing else, ' +
      `needs no sign-in, and works until a member revokes it. At most ${MAX_WORKING_LINKS} work at once per campaign (CONFLICT, rule "share-link-limit"). ${MEMBERS}`,
  })
  createCampaignShareLink(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The campaign and the link’s label.' }) input: CreateCampaignShareLinkInput,
  ): Promise<CreatedCampaignShareLink> {
    return this.links.create(player, input);
  }

  @Query(() => [CampaignShareLink], {
    nullable: true,
    description: `Every share link of a campaign, working and revoked, newest first, with who made (and revoked) each and when; tokens are never shown again. ${MEMBERS}`,
  })
  campaignShareLinks(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
  ): Promise<CampaignShareLink[]> {
    return this.links.list(player, campaignId);
  }

  @Mutation(() => CampaignShareLink, {
    description:
      'Revokes a share link: its token is refused from then on (UNAUTHENTICATED, rule "share-link-revoked") and the live streams following with it end. ' +
      `Any member may revoke any link of the group’s campaigns; one revoked already is answered as it is. An id you cannot see is NOT_FOUND on \`id\`. ${MEMBERS}`,
  })
  revokeCampaignShareLink(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('id', { type: () => ID, description: 'The link’s id, from `campaignShareLinks`.' }) id: string,
  ): Promise<CampaignShareLink> {
    return this.links.revoke(player, id);
  }
}
