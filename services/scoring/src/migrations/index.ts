import { CreateGameResults1764400200000 } from './1764400200000-create-game-results';

/** In order of application; a new migration is appended, never inserted. */
export const scoringMigrations = [CreateGameResults1764400200000];
