import { BadUserInputError } from '@scriptbook/platform';

/**
 * The one check every service makes on a game id argument, so clients get
 * the same code, rule and message whichever subgraph they asked.
 */
export function requireGameId(library: { isGame(id: string): boolean }, gameId: string, field: string): string {
  if (!library.isGame(gameId)) {
    throw new BadUserInputError(field, 'known-game', `${field}: no game "${gameId}"; see \`games\` for the ids`);
  }
  return gameId;
}
