import { CreateGameResults1764400200000 } from './1764400200000-create-game-results';
import { CreateZoneSurvivalResults1764600000000 } from './1764600000000-create-zone-survival-results';

/** In order of application; a new migration is appended, never inserted. */
export const scoringMigrations = [CreateGameResults1764400200000, CreateZoneSurvivalResults1764600000000];
