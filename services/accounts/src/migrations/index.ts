import { CreatePlayers1764400000000 } from './1764400000000-create-players';
import { CreatePlayGroups1764500000000 } from './1764500000000-create-play-groups';

/** In order of application; a new migration is appended, never inserted. */
export const accountsMigrations = [CreatePlayers1764400000000, CreatePlayGroups1764500000000];
