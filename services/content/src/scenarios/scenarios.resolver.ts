import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ItemView } from '../catalog/catalog-lookup';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { loadReference } from '../catalog/reference-loader';
import { kindsInGroup } from '../kinds/registry';
import { ScenarioInterface } from './scenario.interface';

@Resolver(() => ScenarioInterface)
export class ScenariosResolver {
  private readonly scenarioKinds = kindsInGroup('scenario');

  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => ScenarioInterface, {
    nullable: true,
    description: 'One scenario of any game. An unknown id answers null with a NOT_FOUND error naming `id`.',
  })
  scenario(@Args('id', { type: () => ID, description: 'A scenario id, e.g. `stalker-zs:scenario:boss-hunt`.' }) id: string): ItemView {
    return requireItem(this.catalog, id, this.scenarioKinds, 'Scenario');
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
    return loadReference(context, this.catalog, 'scenario', this.scenarioKinds, reference.id);
  }
}
