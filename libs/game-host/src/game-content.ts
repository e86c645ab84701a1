import { ContentLibrary, DEFAULT_PACKS_DIR, loadContentLibrary } from '@scriptbook/content';
import { CONTENT_KINDS, GameContentItem } from '@scriptbook/games';

/** The release's packs, every item typed by its kind. */
export type GameContentLibrary = ContentLibrary<GameContentItem>;

let shared: GameContentLibrary | undefined;

/**
 * The packs shipped with this release, validated against every game's kinds
 * and loaded once per process; a bad pack throws, listing every problem.
 */
export function gameContentLibrary(): GameContentLibrary {
  shared ??= loadContentLibrary<GameContentItem>(DEFAULT_PACKS_DIR, CONTENT_KINDS);
  return shared;
}
