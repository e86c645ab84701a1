import { Type } from '@nestjs/common';
import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ItemView } from '@scriptbook/content';
import { BadUserInputError, Connection, ConnectionShape, PageArgs } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, nonEmptyText, requireItem } from '../catalog/content-input';
import { paginate } from '../catalog/paginate';
import { loadReference } from '../catalog/reference-loader';
import { ContentGraphQL } from '../graphql/content-graphql';
import { CardFilter } from './card-filter.input';

export function cardsResolver(graph: ContentGraphQL) {
  const Card = graph.interfaceOf('card');
  const CardConnection = Connection(Card as Type<unknown>, 'Card');
  const cardKinds = graph.kinds.inGroup('card');

  @Resolver(() => Card)
  class CardsResolver {
    constructor(readonly catalog: ContentCatalog) {}

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
        .ofKinds(cardKinds, gameId)
        .filter(
          (card) =>
            (!deck || card.deckId === deck) &&
            (!tag || (card.tags as string[]).some((cardTag) => cardTag.toLowerCase() === tag)) &&
            (!name || card.name.toLowerCase().includes(name)),
        );
      return paginate(cards, page.first, page.after);
    }

    @Query(() => Card, {
      nullable: true,
      description: 'One card of any game. An unknown id answers null with a NOT_FOUND error naming `id`.',
    })
    card(@Args('id', { type: () => ID, description: 'A card id, `<game>:card:…`.' }) id: string): ItemView {
      return requireItem(this.catalog, id, cardKinds, 'Card');
    }

    @ResolveReference()
    resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
      return loadReference(context, this.catalog, 'card', cardKinds, reference.id);
    }
  }
  return CardsResolver;
}
