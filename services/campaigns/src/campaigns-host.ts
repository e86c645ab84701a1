import { DynamicModule } from '@nestjs/common';
import { GameHostModule } from '@scriptbook/game-host';
import { GameCatalog, RELEASE_CATALOG } from '@scriptbook/games';

/** The games a campaigns process serves, and where their packs are read from when they are not the release's. */
export interface CampaignsHost {
  readonly catalog: GameCatalog;
  readonly packsDir?: string;
}

/** The game host for `host`: the release's packs for the release's catalog, the given folder for any other. */
export function gameHostFor(host: CampaignsHost): DynamicModule {
  if (host.packsDir) return GameHostModule.forGames(host.catalog, { packsDir: host.packsDir });
  if (host.catalog !== RELEASE_CATALOG) throw new Error("a catalog other than the release's needs the packs folder its games' content is in");
  return GameHostModule.forRelease();
}
