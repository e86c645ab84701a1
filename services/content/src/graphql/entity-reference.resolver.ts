import { Type } from '@nestjs/common';
import { Context, Parent, Resolver, ResolveReference } from '@nestjs/graphql';
import { ItemView } from '@scriptbook/content';
import { ContentCatalog } from '../catalog/content-catalog';
import { loadReference } from '../catalog/reference-loader';
import { ContentGraphQL } from './content-graphql';

/**
 * Entity resolution for one concrete type: a plan may name a kind's own
 * type rather than the interface it implements, and both must resolve.
 */
function entityReferenceResolver(type: Type<unknown>, kind: string) {
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

/** A reference resolver for every kind its descriptor marks as an entity. */
export function entityReferenceResolvers(graph: ContentGraphQL) {
  return graph.entities.map(({ kind, type }) => entityReferenceResolver(type, kind));
}
