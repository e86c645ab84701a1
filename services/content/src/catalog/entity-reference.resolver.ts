import { Context, Parent, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentKind } from '@scriptbook/content';
import { ContentCatalog } from './content-catalog';
import { ItemView } from './item-views';
import { loadReference } from './reference-loader';

/**
 * Entity resolution for one concrete type of an entity interface: a plan
 * may name `ZsCard` itself rather than `Card`, and both must resolve.
 */
export function entityReferenceResolver(type: object, kind: ContentKind) {
  @Resolver(() => type)
  class EntityReferenceResolver {
    constructor(readonly catalog: ContentCatalog) {}

    @ResolveReference()
    resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
      return loadReference(context, this.catalog, kind, [kind], reference.id);
    }
  }
  Object.defineProperty(EntityReferenceResolver, 'name', { value: `EntityReferenceResolver(${kind})` });
  return EntityReferenceResolver;
}
