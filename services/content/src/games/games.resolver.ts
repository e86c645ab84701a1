import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { ItemView } from '../catalog/item-views';
import { loadReference } from '../catalog/reference-loader';
import { Game } from './game.model';

@Resolver(() => Game)
export class GamesResolver {
  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => [Game], { description: 'Every game system the content packs describe.' })
  games(): readonly ItemView[] {
    return this.catalog.ofKinds(['game']);
  }

  @Query(() => Game, { description: 'One game with its modules, scenarios, decks and maps. NOT_FOUND for an unknown id.' })
  game(@Args('id', { type: () => ID }) id: string): ItemView {
    return requireItem(this.catalog, id, ['game'], 'Game');
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
    return loadReference(context, this.catalog, 'game', ['game'], reference.id);
  }
}
