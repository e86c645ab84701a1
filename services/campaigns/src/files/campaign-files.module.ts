import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { CampaignExportController } from './campaign-export.controller';
import { CampaignExportService } from './campaign-export.service';
import { CampaignFilesResolver } from './campaign-files.resolver';
import { CampaignImportRoute } from './campaign-import.route';
import { CampaignImportService } from './campaign-import.service';
import { ExportConsents } from './export-consents';
import { ImportedCampaignWriter } from './imported-campaign-writer';
import { PlayerPseudonyms } from './player-pseudonyms';

/** Campaign files: the export download, `importCampaign` and its upload route (`POST /campaigns/import`, served ahead of Express by the service definition), the members' consent to be named in exports (docs/campaign-files.md). */
@Module({
  imports: [CampaignsModule, CampaignStoreModule],
  controllers: [CampaignExportController],
  providers: [CampaignExportService, CampaignImportService, CampaignImportRoute, ImportedCampaignWriter, ExportConsents, PlayerPseudonyms, CampaignFilesResolver],
})
export class CampaignFilesModule {}
