import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ItemView } from '@scriptbook/content';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { loadReference } from '../catalog/reference-loader';
import { ContentGraphQL } from '../graphql/content-graphql';

export function scenariosResolver(graph: ContentGraphQL) {
  const Scenario = graph.interfaceOf('scenario');
  const scenarioKinds = graph.kinds.inGroup('scenario');

  @Resolver(() => Scenario)
  class ScenariosResolver {
    constructor(readonly catalog: ContentCatalog) {}

    @Query(() => Scenario, {
      nullable: true,
      description: 'One scenario of any game. An unknown id answers null with a NOT_FOUND error naming `id`.',
    })
    scenario(@Args('id', { type: () => ID, description: 'A scenario id, `<game>:scenario:<name>`.' }) id: string): ItemView {
      return requireItem(this.catalog, id, scenarioKinds, 'Scenario');
    }

    @ResolveReference()
    resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
      return loadReference(context, this.catalog, 'scenario', scenarioKinds, reference.id);
    }
  }
  return ScenariosResolver;
}
