import { CreateCampaigns1764400100000 } from './1764400100000-create-campaigns';
import { CampaignSync1764500900000 } from './1764500900000-campaign-sync';
import { CampaignSnapshots1764600000000 } from './1764600000000-campaign-snapshots';
import { GroupEnvelopes1764700000000 } from './1764700000000-group-envelopes';

/** In order of application; a new migration is appended, never inserted. */
export const campaignsMigrations = [CreateCampaigns1764400100000, CampaignSync1764500900000, CampaignSnapshots1764600000000, GroupEnvelopes1764700000000];
