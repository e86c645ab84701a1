import { Type } from '@nestjs/common';
import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { BadUserInputError, Connection, ConnectionShape, PageArgs } from '@scriptbook/platform';
import { ItemView } from '../catalog/catalog-lookup';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, nonEmptyText, requireItem } from '../catalog/content-input';
import { paginate } from '../catalog/paginate';
import { loadReference } from '../catalog/reference-loader';
import { kindsInGroup } from '../kinds/registry';
import { CardInterface } from './card.interface';
import { CardFilter } from './card-filter.input';

export const CardConnection = Connection(CardInterface as unknown as Type<CardInterface>, 'Card');

@Resolver(() => CardInterface)
export class CardsResolver {
  private readonly cardKinds = kindsInGroup('card');

  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => CardConnection, {
    nullable: true,
    description: 'Cards of every game, by id, optionally filtered. BAD_USER_INPUT for an unknown game or deck, an empty name or tag, or `first` outside 1 to 100.',
  })
  cards(
    @Args('filter', { type: () => CardFilter, nullable: true, description: 'Conditions every listed card meets; absent lists every card.' })
    filter: CardFilter | null,
    @Args() page: PageArgs,
  ): ConnectionShape<ItemView> {
    const gameId = knownGameId(this.catalog, filter?.gameId, 'filter.gameId');
    const name = nonEmptyText(filter?.name, 'filter.name')?.toLowerCase();
    const tag = nonEmptyText(filter?.tag, 'filter.tag')?.toLowerCase();
    const deck = filter?.deck ?? undefined;
    if (deck !== undefined && !this.catalog.getOfKinds(deck, ['deck'])) {
      throw new BadUserInputError('filter.deck', 'known-deck', `filter.deck "${deck}" is not a deck`);
    }
    const cards = this.catalog
      .ofKinds(this.cardKinds, gameId)
      .filter(
        (card) =>
          (!deck || card.deckId === deck) &&
          (!tag || (card.tags as string[]).some((cardTag) => cardTag.toLowerCase() === tag)) &&
          (!name || card.name.toLowerCase().includes(name)),
      );
    return paginate(cards, page.first, page.after);
  }

  @Query(() => CardInterface, {
    nullable: true,
    description: 'One card of any game. An unknown id answers null with a NOT_FOUND error naming `id`.',
  })
  card(@Args('id', { type: () => ID, description: 'A card id, e.g. `stalker-zs:card:special:fire`.' }) id: string): ItemView {
    return requireItem(this.catalog, id, this.cardKinds, 'Card');
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
    return loadReference(context, this.catalog, 'card', this.cardKinds, reference.id);
  }
}
