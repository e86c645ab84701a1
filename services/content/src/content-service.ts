import { Module, Type } from '@nestjs/common';
import { ContentKindRegistry, ContentLibrary, DEFAULT_PACKS_DIR, loadContentLibrary } from '@scriptbook/content';
import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema, SubgraphGraphQLModule } from '@scriptbook/platform';
import { cardsResolver } from './cards/cards.resolver';
import { ContentCatalog } from './catalog/content-catalog';
import { gamesResolver } from './games/games.resolver';
import { contentGraphQL, ContentGraphQL } from './graphql/content-graphql';
import { entityReferenceResolvers } from './graphql/entity-reference.resolver';
import { contentItemsResolver } from './items/content-items.resolver';
import { scenariosResolver } from './scenarios/scenarios.resolver';
import { scriptsResolver } from './scripts/scripts.resolver';
import { searchResolver } from './search/search.resolver';
import { ContentVersionResolver } from './version/content-version.resolver';

export const contentConfigSchema = serviceConfigSchema(DEFAULT_PORTS.content, {});

/** Every resolver of a content subgraph over these types; a group's queries only where some kind is in it. */
export function contentResolvers(graph: ContentGraphQL) {
  const groups = new Set(graph.kinds.groups().map((entry) => entry.group));
  return [
    gamesResolver(graph),
    ...(groups.has('scenario') ? [scenariosResolver(graph)] : []),
    ...(groups.has('card') ? [cardsResolver(graph)] : []),
    ...(groups.has('script') ? [scriptsResolver(graph)] : []),
    contentItemsResolver(graph),
    searchResolver(graph),
    ContentVersionResolver,
    ...entityReferenceResolvers(graph),
  ];
}

/** Where a content subgraph's items come from: the kinds it serves and, unless the release's own, the packs folder. */
export interface ContentSource {
  readonly kinds: ContentKindRegistry;
  readonly packsDir?: string;
}

/**
 * A content subgraph serving `source`: its types made from the kinds, the
 * packs validated against them once at start (a bad pack stops the service).
 */
export function contentService(
  name: string,
  source: ContentSource,
): ServiceDefinition<typeof contentConfigSchema> & { readonly graph: ContentGraphQL; readonly resolvers: readonly Type<unknown>[] } {
  const graph = contentGraphQL(source.kinds);
  const resolvers = contentResolvers(graph);
  const load = () => loadContentLibrary(source.packsDir ?? DEFAULT_PACKS_DIR, source.kinds);

  @Module({
    imports: [SubgraphGraphQLModule({ orphanedTypes: [...graph.itemTypes] })],
    providers: [
      { provide: ContentLibrary, useFactory: load },
      { provide: ContentCatalog, useFactory: (library: ContentLibrary) => new ContentCatalog(library, source.kinds), inject: [ContentLibrary] },
      ...resolvers,
    ],
  })
  class ContentModule {}

  return { name, module: ContentModule, configSchema: contentConfigSchema, graph, resolvers };
}
