import { CreateCampaigns1764400100000 } from './1764400100000-create-campaigns';

/** In order of application; a new migration is appended, never inserted. */
export const campaignsMigrations = [CreateCampaigns1764400100000];
