import { Context, Parent, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentKind } from '@scriptbook/content';
import { ContentCatalog } from '../catalog/content-catalog';
import { ItemView } from '../catalog/catalog-lookup';
import { loadReference } from '../catalog/reference-loader';
import { entityKinds, kindEntry } from './registry';

/**
 * Entity resolution for one concrete type: a plan may name `ZsCard` itself
 * rather than `Card`, and both must resolve.
 */
function entityReferenceResolver(type: object, kind: ContentKind) {
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

/** A reference resolver for every kind its registry entry marks as an entity. */
export function entityReferenceResolvers() {
  return entityKinds().map((kind) => entityReferenceResolver(kindEntry(kind).type, kind));
}
