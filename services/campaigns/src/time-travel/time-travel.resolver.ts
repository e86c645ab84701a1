import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { CampaignChange } from '../sync/sync.model';
import { CampaignAtVersion } from './time-travel.model';
import { TimeTravelService } from './time-travel.service';

@Resolver()
export class TimeTravelResolver {
  constructor(private readonly timeTravel: TimeTravelService) {}

  @Query(() => CampaignAtVersion, {
    nullable: true,
    description:
      'A campaign’s state as it stood at one of its versions, from 0 (before any change) to its current version: to show a past entry of the history. ' +
      'Costs at most the snapshot interval’s worth of replayed changes (docs/sync.md#time-travel). A version below 0 is BAD_USER_INPUT on `version`, rule "range"; ' +
      'one beyond the campaign’s is CONFLICT on `version`, rule "ahead-of-campaign"; a campaign of a group the caller is not in is NOT_FOUND on `campaignId`. ' +
      'A share link’s token of this campaign may read it too.',
  })
  campaignAt(
    @CurrentPlayer({ shareLink: true }) player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('version', { type: () => Int, description: 'The version to read, 0 to the campaign’s `version`, e.g. an entry’s `version` in `campaignHistory`.' }) version: number,
  ): Promise<CampaignAtVersion> {
    return this.timeTravel.campaignAt(player, campaignId, version);
  }

  @Mutation(() => CampaignChange, {
    description:
      'Takes the campaign back to its state at a version with one compensating change, recorded in the history as `revert` (args `{ toVersion }`) and delivered ' +
      'to every device by `campaignChanges` and `campaignChanged` like any change; every change after the version then shows it in `undoneByVersion`. ' +
      'Refused with nothing stored: CONFLICT on `version` with the game’s rule (e.g. "legacy") and `extensions.blockingVersions` when a change after it can never ' +
      'be undone (an opened legacy envelope); "nothing-to-revert" at the current version; "ahead-of-campaign" beyond it; BAD_USER_INPUT rule "range" below 0.',
  })
  revertCampaignTo(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('version', { type: () => Int, description: 'The version whose state becomes current again, 0 to one below the campaign’s `version`.' }) version: number,
  ): Promise<CampaignChange> {
    return this.timeTravel.revert(player, campaignId, version).then(
      (row): CampaignChange => ({
        version: row.version,
        name: row.name,
        args: row.args,
        delta: row.delta as unknown as CampaignChange['delta'],
        clientId: row.clientId,
        seq: row.seq,
        playerId: row.playerId,
        appliedAt: new Date(row.appliedAt),
        undoesVersion: row.undoesVersion,
        undoneByVersion: row.undoneByVersion,
      }),
    );
  }
}
