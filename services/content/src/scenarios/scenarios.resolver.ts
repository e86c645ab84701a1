import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { ContentCatalog } from '../catalog/content-catalog';
import { requireItem } from '../catalog/content-input';
import { ItemView } from '../catalog/item-views';
import { loadReference } from '../catalog/reference-loader';
import { entityReferenceResolver } from '../catalog/entity-reference.resolver';
import { SCENARIO_KINDS } from '../items/kind-types';
import { ScenarioInterface } from './scenario.interface';
import { TwomScenario } from './twom-scenario.model';
import { ZsScenario } from './zs-scenario.model';

@Resolver(() => ScenarioInterface)
export class ScenariosResolver {
  constructor(private readonly catalog: ContentCatalog) {}

  @Query(() => ScenarioInterface, { description: 'One scenario of any game. NOT_FOUND for an unknown id.' })
  scenario(@Args('id', { type: () => ID }) id: string): ItemView {
    return requireItem(this.catalog, id, SCENARIO_KINDS, 'Scenario');
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<ItemView | null> {
    return loadReference(context, this.catalog, 'scenario', SCENARIO_KINDS, reference.id);
  }
}

export const SCENARIO_REFERENCE_RESOLVERS = [
  entityReferenceResolver(TwomScenario, 'twom-scenario'),
  entityReferenceResolver(ZsScenario, 'zs-scenario'),
];
