import { ContentLibrary } from '@scriptbook/content';
import { GameDescriptor } from '@scriptbook/games';
import type { CampaignFile } from '@scriptbook/campaign-model/files';

/** The content a file was made against: the library's hash and the version of each of the game's packs. */
export function contentOf(content: ContentLibrary, game: GameDescriptor): CampaignFile['content'] {
  const packs = content.packs.filter(({ manifest }) => game.content.packs.includes(manifest.id)).map(({ manifest }) => ({ id: manifest.id, version: manifest.version }));
  return { hash: content.hash, packs };
}
