import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { ItemView } from '../catalog/catalog-lookup';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { Game } from '../kinds/shared/game.model';

@Resolver(() => Game)
export class GamesResolver {
  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => [Game], { nullable: true, description: 'Every game system the content packs describe, by id.' })
  games(): readonly ItemView[] {
    return this.catalog.ofKinds(['game']);
  }

  @Query(() => Game, {
    nullable: true,
    description: 'One game with its modules, scenarios, decks, maps and icons. An unknown id answers null with a NOT_FOUND error naming `id`.',
  })
  game(@Args('id', { type: () => ID, description: 'A game id from `games`, e.g. `stalker-zs`.' }) id: string): ItemView {
    return requireItem(this.catalog, id, ['game'], 'Game');
  }
}
