import { Module } from '@nestjs/common';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { ContentLibraryModule } from '@scriptbook/content';
import { CARD_REFERENCE_RESOLVERS } from './cards/card-references.resolver';
import { CardsResolver } from './cards/cards.resolver';
import { ContentCatalog } from './catalog/content-catalog';
import { GamesResolver } from './games/games.resolver';
import { CONTENT_ITEM_TYPES } from './items/content-item-types';
import { ContentItemsResolver } from './items/content-items.resolver';
import { SCENARIO_REFERENCE_RESOLVERS, ScenariosResolver } from './scenarios/scenarios.resolver';
import { ScriptsResolver } from './scripts/scripts.resolver';
import { SearchResolver } from './search/search.resolver';
import { ContentVersionResolver } from './version/content-version.resolver';

@Module({
  imports: [SubgraphGraphQLModule({ orphanedTypes: CONTENT_ITEM_TYPES }), ContentLibraryModule],
  providers: [
    ContentCatalog,
    GamesResolver,
    ScenariosResolver,
    ...SCENARIO_REFERENCE_RESOLVERS,
    CardsResolver,
    ...CARD_REFERENCE_RESOLVERS,
    ScriptsResolver,
    ContentItemsResolver,
    SearchResolver,
    ContentVersionResolver,
  ],
})
export class ContentModule {}
