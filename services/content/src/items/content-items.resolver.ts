import { Type } from '@nestjs/common';
import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { BadUserInputError, Connection, ConnectionShape, PageArgs } from '@scriptbook/platform';
import { ContentCatalog } from '../catalog/content-catalog';
import { knownGameId, knownKinds, requireItem } from '../catalog/content-input';
import { ItemView } from '../catalog/item-views';
import { paginate } from '../catalog/paginate';
import { ContentItemInterface } from '../common/content-item.interface';
import { CONTENT_KINDS } from './kind-types';
import { RuleSection } from './shared-kinds.model';

export const ContentItemConnection = Connection(ContentItemInterface as unknown as Type<ContentItemInterface>, 'ContentItem');
export const RuleSectionConnection = Connection(RuleSection, 'RuleSection');

const byModuleThenOrder = (a: ItemView, b: ItemView) =>
  String(a.moduleId ?? '').localeCompare(String(b.moduleId ?? '')) ||
  (a.order as number) - (b.order as number) ||
  a.id.localeCompare(b.id);

@Resolver(() => ContentItemInterface)
export class ContentItemsResolver {
  private readonly ruleSectionsInOrder: readonly ItemView[];

  constructor(private readonly catalog: ContentCatalog) {
    this.ruleSectionsInOrder = [...catalog.ofKinds(['rule-section'])].sort(
      (a, b) => a.gameId.localeCompare(b.gameId) || byModuleThenOrder(a, b),
    );
  }

  @Query(() => ContentItemInterface, { description: 'Any item of the packs by id. NOT_FOUND for an unknown id.' })
  contentItem(@Args('id', { type: () => ID }) id: string): ItemView {
    return requireItem(this.catalog, id, undefined, 'Content item');
  }

  @Query(() => ContentItemConnection, { description: 'Every item of the packs, by id, optionally of one game and some kinds.' })
  contentItems(
    @Args('gameId', { type: () => ID, nullable: true }) gameId: string | null,
    @Args('kinds', { type: () => [String], nullable: true, description: 'Kinds such as `zs-card`; see docs/content.md.' })
    kinds: string[] | null,
    @Args() page: PageArgs,
  ): ConnectionShape<ItemView> {
    const game = knownGameId(this.catalog, gameId, 'gameId');
    return paginate(this.catalog.ofKinds(knownKinds(kinds, 'kinds') ?? CONTENT_KINDS, game), page.first, page.after);
  }

  @Query(() => RuleSectionConnection, { description: 'Rule sections in reading order: by module, then as printed.' })
  ruleSections(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('moduleId', { type: () => ID, nullable: true }) moduleId: string | null,
    @Args() page: PageArgs,
  ): ConnectionShape<ItemView> {
    knownGameId(this.catalog, gameId, 'gameId');
    if (moduleId && this.catalog.getOfKinds(moduleId, ['module'])?.gameId !== gameId) {
      throw new BadUserInputError('moduleId', 'known-module', `moduleId "${moduleId}" is not a module of ${gameId}`);
    }
    const sections = this.ruleSectionsInOrder.filter(
      (section) => section.gameId === gameId && (!moduleId || section.moduleId === moduleId),
    );
    return paginate(sections, page.first, page.after);
  }
}
