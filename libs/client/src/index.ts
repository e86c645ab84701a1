import { GAMES } from '@scriptbook/games';
import {
  createScriptbookClient as createWithGames,
  openSharedCampaign as openSharedWithGames,
  ScriptbookClient,
  ScriptbookClientOptions,
  SharedCampaign,
  SharedCampaignOptions,
  SupportedGame,
} from './client';

/**
 * The universal entry (browsers, React Native, Node, workers): the client
 * with every game of the release. To bundle fewer games, import
 * `@scriptbook/client/core` and pass their descriptors.
 */
export * from './core';

export type DefaultClientOptions = Omit<ScriptbookClientOptions, 'games'> & { readonly games?: readonly SupportedGame[] };

/** Creates the client; it plays every game of the release unless `games` says otherwise. */
export function createScriptbookClient(options: DefaultClientOptions): Promise<ScriptbookClient> {
  return createWithGames({ ...options, games: options.games ?? GAMES });
}

export type DefaultSharedCampaignOptions = Omit<SharedCampaignOptions, 'games'> & { readonly games?: readonly SupportedGame[] };

/** Opens a campaign read-only from a share link's token (a spectator's replica); every game of the release unless `games` says otherwise. */
export function openSharedCampaign<S = unknown>(options: DefaultSharedCampaignOptions): Promise<SharedCampaign<S>> {
  return openSharedWithGames<S>({ ...options, games: options.games ?? GAMES });
}
