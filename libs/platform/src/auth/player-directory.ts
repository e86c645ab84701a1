/**
 * The service that owns players (accounts) answers from its own table
 * whether a player exists; TokenService asks it, when one is provided, on
 * every authenticated request of that service.
 */
export const PLAYER_DIRECTORY = Symbol('PLAYER_DIRECTORY');

export interface PlayerDirectory {
  exists(playerId: string): Promise<boolean>;
}
