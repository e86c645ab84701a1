import { Type } from '@nestjs/common';
import { Parent, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentLibrary } from '@scriptbook/content';
import { NotFoundError } from '@scriptbook/platform';
import { ContentEntity } from './content-entities';

/**
 * A reference to a content entity resolves here only for an item the packs
 * hold, of one of that entity's kinds; any other id is NOT_FOUND, as content
 * itself answers it. The gateway fetches these entities from content, so
 * this answers only callers that send `_entities` to rules by hand.
 */
export function contentReferenceResolver(entity: ContentEntity, stub: Type<unknown>) {
  @Resolver(() => stub)
  class ContentReferenceResolver {
    constructor(readonly library: ContentLibrary) {}

    @ResolveReference()
    resolveReference(@Parent() reference: { id: string }): { id: string } {
      const item = this.library.get(reference.id);
      if (!item || !entity.kinds.has(item.kind)) throw new NotFoundError(entity.typename, reference.id, 'id');
      return { id: item.id };
    }
  }
  Object.defineProperty(ContentReferenceResolver, 'name', { value: `${entity.typename}ReferenceResolver` });
  return ContentReferenceResolver;
}
