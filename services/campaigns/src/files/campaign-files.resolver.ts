import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignExportConsent, CampaignImport, ImportCampaignInput } from './campaign-files.model';
import { CampaignImportService } from './campaign-import.service';
import { ExportConsents } from './export-consents';

@Resolver()
export class CampaignFilesResolver {
  constructor(
    private readonly imports: CampaignImportService,
    private readonly access: CampaignAccess,
    private readonly consents: ExportConsents,
  ) {}

  @Mutation(() => CampaignImport, {
    description:
      'Imports a campaign file (from `GET /campaigns/<id>/export`) into a group the caller is in, as a new campaign with the file’s whole history, replayed through ' +
      'the game’s own rules and checked at every checkpoint. A file that disagrees anywhere is refused with BAD_USER_INPUT naming the first place ' +
      '(`input.file.actions[17].args`, rule `action-rejected`, `delta-mismatch` or `checkpoint-mismatch`, ...) and nothing is stored. With `dryRun` nothing ' +
      'is stored either way: the answer says what would be created and how the file’s content differs from this platform’s. A group the caller is not in gives ' +
      'NOT_FOUND on `input.groupId`; no token gives UNAUTHENTICATED. See docs/campaign-files.md.',
  })
  importCampaign(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { type: () => ImportCampaignInput, description: 'The group, the file, and whether this is a dry run.' }) input: ImportCampaignInput,
  ): Promise<CampaignImport> {
    return this.imports.import(player, input);
  }

  @Mutation(() => CampaignExportConsent, {
    description:
      'Whether exports of this campaign made by other members name the caller by their player id (true) or by a stable pseudonym (false, the default). ' +
      'Each member decides for themself and for each campaign; the member who exports is always named by their id in their own file. Members of the ' +
      'campaign’s group only: anyone else gets NOT_FOUND on `campaignId`, no token UNAUTHENTICATED.',
  })
  async setCampaignExportConsent(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('consent', { type: () => Boolean, description: 'True to be named by your player id in its exports, false to be named by a pseudonym.' }) consent: boolean,
  ): Promise<CampaignExportConsent> {
    await this.access.require(campaignId, player, 'campaignId');
    await this.consents.set(campaignId, player.playerId, consent);
    return { campaignId, consent };
  }
}
