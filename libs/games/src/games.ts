import { z } from 'zod';
import type { CampaignModel } from '@scriptbook/campaign-model';
import type { sharedContentKinds } from '@scriptbook/content/schema/shared-kinds';
import type { AnyProcedureDescriptor, GameRules } from '@scriptbook/rules-engine';
import { GameCatalog } from './game-catalog';
import type { GameDescriptor } from './game-descriptor';
import { hopeInhumanityGame } from './hope-inhumanity/hope-inhumanity.game';
import { stalkerZsGame } from './stalker-zs/stalker-zs.game';
import { twomGame } from './twom/twom.game';

/**
 * Every game the platform serves, in catalog order: the one list. A new game
 * is its folder and one entry here; content, rules, campaigns, scoring and
 * the docs tables follow from it.
 */
export const GAMES = [twomGame, hopeInhumanityGame, stalkerZsGame] as const satisfies readonly GameDescriptor[];

/** Each game's descriptor by name, for code that plays one game (tests, benchmarks, an app's bundle). */
export { hopeInhumanityGame, stalkerZsGame, twomGame };

/** What the platform derives from the release's games. */
export const RELEASE_CATALOG = new GameCatalog(GAMES);

/** Every kind of content item of this release: those every game shares, then each game's own. */
export const CONTENT_KINDS = RELEASE_CATALOG.contentKinds;

type KindDescriptor = (typeof sharedContentKinds)[number] | (typeof GAMES)[number]['content']['kinds'][number];

/** An item of any kind of this release, discriminated by `kind`: each kind's own type, from its schema. */
export type GameContentItem = z.infer<KindDescriptor['schema']>;
export type GameContentKind = GameContentItem['kind'];
export type GameItemOfKind<K extends GameContentKind> = Extract<GameContentItem, { kind: K }>;

/** The rules every game shares (the dice roller), then each game's, in catalog order. */
export const ALL_RULES: readonly GameRules[] = RELEASE_CATALOG.rules;

/** Every procedure the engine offers, in catalog order. */
export const PROCEDURES: readonly AnyProcedureDescriptor[] = RELEASE_CATALOG.procedures;

/** One worked input per procedure id. */
export const WORKED_EXAMPLES: Readonly<Record<string, unknown>> = RELEASE_CATALOG.workedExamples;

/** The game with this content id, or null. */
export function gameById(id: string): GameDescriptor | null {
  return RELEASE_CATALOG.gameById(id);
}

/** The games that keep campaigns, with their models. */
export function campaignGames(): readonly GameDescriptor[] {
  return RELEASE_CATALOG.campaignGames();
}

/** The campaign model of the game with this id, or null for a game that keeps no campaigns (or no such game). */
export function campaignModelOf(gameId: string): CampaignModel | null {
  return RELEASE_CATALOG.campaignModelOf(gameId);
}

/** The ids of the games whose campaigns the platform keeps. */
export const CAMPAIGN_GAME_IDS: readonly string[] = campaignGames().map((game) => game.id);
