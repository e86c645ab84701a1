import { Type } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { Campaign } from '../campaigns/campaign.model';
import { CampaignLifecycleService } from './campaign-lifecycle.service';
import { DeletedCampaign, DeletedCampaignConnection, RenameCampaignInput, TransferCampaignInput } from './lifecycle.model';

const CAMPAIGN_ID = {
  type: () => ID,
  description: 'The campaign, of a group you are in; another, or one that does not exist or is deleted, is NOT_FOUND on `campaignId`.',
};

const WHO =
  'Any member of the owning group may; anyone else gets NOT_FOUND, as for an id never used, and without a token UNAUTHENTICATED. ' +
  'Recorded in the campaign’s history as the next version (no change to the state) and announced to `campaignChanged` followers. See docs/campaign-lifecycle.md.';

/** The lifecycle operations, for the `Campaign` type of the hosted catalog. */
export function campaignLifecycleResolver(campaign: Type<Campaign>): Type<unknown> {
  @Resolver()
  class CampaignLifecycleResolver {
    constructor(private readonly lifecycle: CampaignLifecycleService) {}

    @Mutation(() => campaign, {
      description: `Renames a campaign; refused with CONFLICT (rule "campaign-archived") while it is archived. ${WHO}`,
    })
    renameCampaign(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('input', { description: 'The campaign and its new name.' }) input: RenameCampaignInput,
    ): Promise<Campaign> {
      return this.lifecycle.rename(player, input);
    }

    @Mutation(() => campaign, {
      description:
        'Archives a campaign: it stays readable and followable, but every write (pushes, undo, scenario outcomes, rename, transfer) is refused with CONFLICT, ' +
        `rule "campaign-archived", and it leaves \`myCampaigns\` and \`groupCampaigns\` unless they are asked with \`includeArchived\`. An archived one is answered as it is. ${WHO}`,
    })
    archiveCampaign(@CurrentPlayer() player: AuthenticatedPlayer, @Args('campaignId', CAMPAIGN_ID) campaignId: string): Promise<Campaign> {
      return this.lifecycle.archive(player, campaignId);
    }

    @Mutation(() => campaign, { description: `Makes an archived campaign writable again and lists it as before; one not archived is answered as it is. ${WHO}` })
    unarchiveCampaign(@CurrentPlayer() player: AuthenticatedPlayer, @Args('campaignId', CAMPAIGN_ID) campaignId: string): Promise<Campaign> {
      return this.lifecycle.unarchive(player, campaignId);
    }

    @Mutation(() => campaign, {
      description:
        'Moves a campaign to another group you are also in: from then on its members, and no longer those of the old group, see and change it. Refused while it is ' +
        `archived (CONFLICT, rule "campaign-archived"). The group's opened legacy envelopes do not move with it. ${WHO}`,
    })
    transferCampaign(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('input', { description: 'The campaign and the group to move it to.' }) input: TransferCampaignInput,
    ): Promise<Campaign> {
      return this.lifecycle.transfer(player, input);
    }

    @Mutation(() => DeletedCampaign, {
      description:
        'Deletes a campaign, restorably: from now on it answers NOT_FOUND to everything but `restoreCampaign`, is listed only by `deletedGroupCampaigns`, and its live ' +
        `followers are ended with NOT_FOUND. After \`restorableUntil\` the campaigns worker purges every row and key of it for good. ${WHO}`,
    })
    deleteCampaign(@CurrentPlayer() player: AuthenticatedPlayer, @Args('campaignId', CAMPAIGN_ID) campaignId: string): Promise<DeletedCampaign> {
      return this.lifecycle.delete(player, campaignId);
    }

    @Mutation(() => campaign, {
      description:
        'Brings a deleted campaign back as it was, archived again if it was, until its `restorableUntil`; after that, or once purged, NOT_FOUND. A campaign that is ' +
        'not deleted is answered as it is. Any member of its group may; anyone else gets NOT_FOUND. Recorded in the history and announced as the other lifecycle changes.',
    })
    restoreCampaign(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('campaignId', { type: () => ID, description: 'The deleted campaign, from `deletedGroupCampaigns` or the answer of `deleteCampaign`.' }) campaignId: string,
    ): Promise<Campaign> {
      return this.lifecycle.restore(player, campaignId);
    }

    @Query(() => DeletedCampaignConnection, {
      nullable: true,
      description:
        'The deleted campaigns of a group that may still be restored, newest first. Needs a token; a group the caller is not in gives NOT_FOUND on `groupId`.',
    })
    deletedGroupCampaigns(
      @CurrentPlayer() player: AuthenticatedPlayer,
      @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
      @Args() page: PageArgs,
    ): Promise<ConnectionShape<DeletedCampaign>> {
      return this.lifecycle.deletedOfGroup(player, groupId, page.first, page.after);
    }
  }
  return CampaignLifecycleResolver;
}
