import { CreateGameResults1764400200000 } from './1764400200000-create-game-results';
import { CreateZoneSurvivalResults1764600000000 } from './1764600000000-create-zone-survival-results';
import { DropGameResults1764800000000 } from './1764800000000-drop-game-results';
import { ResultsOfEveryGame1764800100000 } from './1764800100000-results-of-every-game';
import { ResultsFromCampaigns1765100000000 } from './1765100000000-results-from-campaigns';
import { CreateWebhookTables1765000000000 } from './1765000000000-create-webhook-tables';

/** In order of application; a new migration is appended, never inserted. */
export const scoringMigrations = [CreateGameResults1764400200000, CreateZoneSurvivalResults1764600000000, DropGameResults1764800000000, ResultsOfEveryGame1764800100000, CreateWebhookTables1765000000000, ResultsFromCampaigns1765100000000];
