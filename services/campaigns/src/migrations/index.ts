import { CreateCampaigns1764400100000 } from './1764400100000-create-campaigns';
import { CampaignSync1764500900000 } from './1764500900000-campaign-sync';
import { CampaignSnapshots1764600000000 } from './1764600000000-campaign-snapshots';
import { GroupEnvelopes1764700000000 } from './1764700000000-group-envelopes';
import { CampaignRejections1764800000000 } from './1764800000000-campaign-rejections';
import { CampaignLifecycle1764900000000 } from './1764900000000-campaign-lifecycle';
import { CampaignExportConsents1765000000000 } from './1765000000000-campaign-export-consents';
import { CampaignShareLinks1765100000000 } from './1765100000000-campaign-share-links';
import { CampaignSetup1765200000000 } from './1765200000000-campaign-setup';

/** In order of application; a new migration is appended, never inserted. */
export const campaignsMigrations = [
  CreateCampaigns1764400100000,
  CampaignSync1764500900000,
  CampaignSnapshots1764600000000,
  GroupEnvelopes1764700000000,
  CampaignRejections1764800000000,
  CampaignLifecycle1764900000000,
  CampaignExportConsents1765000000000,
  CampaignShareLinks1765100000000,
  CampaignSetup1765200000000,
];
