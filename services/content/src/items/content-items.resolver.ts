import { Type } from '@nestjs/common';
import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { ItemView } from '@scriptbook/content';
import { BadUserInputError, Connection, ConnectionShape, PageArgs } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, knownKinds, requireItem } from '../catalog/content-input';
import { paginate } from '../catalog/paginate';
import { ContentGraphQL } from '../graphql/content-graphql';

const RULE_SECTION = 'rule-section';

const byModuleThenOrder = (a: ItemView, b: ItemView) =>
  String(a.moduleId ?? '').localeCompare(String(b.moduleId ?? '')) || (a.order as number) - (b.order as number) || a.id.localeCompare(b.id);

export function contentItemsResolver(graph: ContentGraphQL) {
  const ContentItem = graph.contentItem;
  const ContentItemConnection = Connection(ContentItem as Type<unknown>, 'ContentItem');
  const RuleSectionConnection = Connection(graph.typeOf(RULE_SECTION), 'RuleSection');

  @Resolver(() => ContentItem)
  class ContentItemsResolver {
    private readonly ruleSectionsInOrder: readonly ItemView[];

    constructor(readonly catalog: ContentCatalog) {
      this.ruleSectionsInOrder = [...catalog.ofKinds([RULE_SECTION])].sort((a, b) => a.gameId.localeCompare(b.gameId) || byModuleThenOrder(a, b));
    }

    @Query(() => ContentItem, {
      nullable: true,
      description: 'Any item of the packs by id. An unknown id answers null with a NOT_FOUND error naming `id`.',
    })
    contentItem(@Args('id', { type: () => ID, description: 'Any item id, `<game>:<kind>:<slug>`.' }) id: string): ItemView {
      return requireItem(this.catalog, id, undefined, 'Content item');
    }

    @Query(() => ContentItemConnection, {
      nullable: true,
      description: 'Every item of the packs, by id, optionally of one game and some kinds. BAD_USER_INPUT for an unknown game or kind.',
    })
    contentItems(
      @Args('gameId', { type: () => ID, nullable: true, description: 'Only items of this game; absent lists every game.' }) gameId: string | null,
      @Args('kinds', {
        type: () => [String],
        nullable: true,
        description: 'Only items of these kinds, as `ContentItem.kind` names them; see docs/content.md. Absent or empty lists every kind.',
      })
      kinds: string[] | null,
      @Args() page: PageArgs,
    ): ConnectionShape<ItemView> {
      const game = knownGameId(this.catalog, gameId, 'gameId');
      return paginate(this.catalog.ofKinds(knownKinds(this.catalog, kinds, 'kinds') ?? this.catalog.kinds.kinds, game), page.first, page.after);
    }

    @Query(() => RuleSectionConnection, {
      nullable: true,
      description: 'Rule sections in reading order: by module, then as printed. BAD_USER_INPUT for an unknown game or a module of another game.',
    })
    ruleSections(
      @Args('gameId', { type: () => ID, description: 'The game whose rules to read.' }) gameId: string,
      @Args('moduleId', { type: () => ID, nullable: true, description: 'Only sections of this module of the game; absent reads every module.' })
      moduleId: string | null,
      @Args() page: PageArgs,
    ): ConnectionShape<ItemView> {
      knownGameId(this.catalog, gameId, 'gameId');
      if (moduleId && this.catalog.getOfKinds(moduleId, ['module'])?.gameId !== gameId) {
        throw new BadUserInputError('moduleId', 'known-module', `moduleId "${moduleId}" is not a module of ${gameId}`);
      }
      const sections = this.ruleSectionsInOrder.filter((section) => section.gameId === gameId && (!moduleId || section.moduleId === moduleId));
      return paginate(sections, page.first, page.after);
    }
  }
  return ContentItemsResolver;
}
