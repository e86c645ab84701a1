import { Module } from '@nestjs/common';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { ContentLibraryModule } from '@scriptbook/content';
import { CardsResolver } from './cards/cards.resolver';
import { ContentCatalog } from './catalog/content-catalog';
import { GamesResolver } from './games/games.resolver';
import { ContentItemsResolver } from './items/content-items.resolver';
import { entityReferenceResolvers } from './kinds/entity-reference.resolver';
import { contentItemTypes } from './kinds/registry';
import { ScenariosResolver } from './scenarios/scenarios.resolver';
import { ScriptsResolver } from './scripts/scripts.resolver';
import { SearchResolver } from './search/search.resolver';
import { ContentVersionResolver } from './version/content-version.resolver';

/** Every resolver of the subgraph, also read by the schema's description test. */
export const CONTENT_RESOLVERS = [
  GamesResolver,
  ScenariosResolver,
  CardsResolver,
  ScriptsResolver,
  ContentItemsResolver,
  SearchResolver,
  ContentVersionResolver,
  ...entityReferenceResolvers(),
];

@Module({
  imports: [SubgraphGraphQLModule({ orphanedTypes: contentItemTypes() }), ContentLibraryModule],
  providers: [ContentCatalog, ...CONTENT_RESOLVERS],
})
export class ContentModule {}
