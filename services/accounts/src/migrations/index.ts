import { CreatePlayers1764400000000 } from './1764400000000-create-players';

/** In order of application; a new migration is appended, never inserted. */
export const accountsMigrations = [CreatePlayers1764400000000];
