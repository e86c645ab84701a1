import { DynamicModule, Global, Module } from '@nestjs/common';
import { ContentLibrary, loadContentLibrary } from '@scriptbook/content';
import { GameCatalog, RELEASE_CATALOG } from '@scriptbook/games';
import { BoundProcedures } from './bound-procedures';
import { gameContentLibrary } from './game-content';

/** Where a hosted catalog's packs are read from, when they are not the release's. */
export interface GameHostOptions {
  readonly packsDir: string;
}

/**
 * The games a Nest process hosts: the catalog every provider derives from,
 * the content packs validated against the catalog's kinds once at start (a
 * bad pack stops the service), and the catalog's procedures bound to them.
 * The release's games by default; a test hosts a catalog of its own.
 */
@Global()
@Module({})
export class GameHostModule {
  static forRelease(): DynamicModule {
    return GameHostModule.host(RELEASE_CATALOG, gameContentLibrary);
  }

  static forGames(catalog: GameCatalog, options: GameHostOptions): DynamicModule {
    return GameHostModule.host(catalog, () => loadContentLibrary(options.packsDir, catalog.contentKinds));
  }

  private static host(catalog: GameCatalog, library: () => ContentLibrary): DynamicModule {
    return {
      module: GameHostModule,
      global: true,
      providers: [{ provide: GameCatalog, useValue: catalog }, { provide: ContentLibrary, useFactory: library }, BoundProcedures],
      exports: [GameCatalog, ContentLibrary, BoundProcedures],
    };
  }
}
