import { CreatePlayers1764400000000 } from './1764400000000-create-players';
import { CreatePlayGroups1764500000000 } from './1764500000000-create-play-groups';
import { CreateDevicesAndSessions1764600000000 } from './1764600000000-create-devices-and-sessions';
import { AddRefreshTokenSuccessor1764700000000 } from './1764700000000-add-refresh-token-successor';

/** In order of application; a new migration is appended, never inserted. */
export const accountsMigrations = [CreatePlayers1764400000000, CreatePlayGroups1764500000000, CreateDevicesAndSessions1764600000000, AddRefreshTokenSuccessor1764700000000];
