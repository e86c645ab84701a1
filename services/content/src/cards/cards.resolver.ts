import { Type } from '@nestjs/common';
import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { BadUserInputError, Connection, ConnectionShape, PageArgs } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, nonEmptyText, requireItem } from '../catalog/content-input';
import { ItemView } from '../catalog/item-views';
import { paginate } from '../catalog/paginate';
import { loadReference } from '../catalog/reference-loader';
import { CARD_KINDS } from '../items/kind-types';
import { CardInterface } from './card.interface';
import { CardFilter } from './card-filter.input';

export const CardConnection = Connection(CardInterface as unknown as Type<CardInterface>, 'Card');

@Resolver(() => CardInterface)
export class CardsResolver {
  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => CardConnection, { description: 'Cards of every game, by id; `first` is at most 100.' })
  cards(
    @Args('filter', { type: () => CardFilter, nullable: true }) filter: CardFilter | null,
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
      .ofKinds(CARD_KINDS, gameId)
      .filter(
        (card) =>
          (!deck || card.deckId === deck) &&
          (!tag || (card.tags as string[]).some((cardTag) => cardTag.toLowerCase() === tag)) &&
          (!name || card.name.toLowerCase().includes(name)),
      );
    return paginate(cards, page.first, page.after);
  }

  @Query(() => CardInterface, { description: 'One card of any game. NOT_FOUND for an unknown id.' })
  card(@Args('id', { type: () => ID }) id: string): ItemView {
    return requireItem(this.catalog, id, CARD_KINDS, 'Card');
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
    return loadReference(context, this.catalog, 'card', CARD_KINDS, reference.id);
  }
}
