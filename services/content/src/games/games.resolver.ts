import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { GAME_KIND, ItemView } from '@scriptbook/content';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { ContentGraphQL } from '../graphql/content-graphql';

export function gamesResolver(graph: ContentGraphQL) {
  const Game = graph.typeOf(GAME_KIND);

  @Resolver(() => Game)
  class GamesResolver {
    constructor(readonly catalog: ContentCatalog) {}

    @Query(() => [Game], { nullable: true, description: 'Every game system the content packs describe, by id.' })
    games(): readonly ItemView[] {
      return this.catalog.ofKinds([GAME_KIND]);
    }

    @Query(() => Game, {
      nullable: true,
      description: 'One game with its modules, scenarios, decks, maps and icons. An unknown id answers null with a NOT_FOUND error naming `id`.',
    })
    game(@Args('id', { type: () => ID, description: 'A game id from `games`, its bare prefix.' }) id: string): ItemView {
      return requireItem(this.catalog, id, [GAME_KIND], 'Game');
    }
  }
  return GamesResolver;
}
