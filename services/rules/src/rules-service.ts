import { Module, Type } from '@nestjs/common';
import { DEFAULT_PACKS_DIR } from '@scriptbook/content';
import { GameHostModule } from '@scriptbook/game-host';
import { GameCatalog, RELEASE_CATALOG } from '@scriptbook/games';
import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema, SubgraphGraphQLModule } from '@scriptbook/platform';
import { CatalogResolver } from './catalog/catalog.resolver';
import { ProcedureRunner } from './procedures/procedure-runner';
import { rulesGraphQL, RulesGraphQL } from './procedures/procedure-graphql';
import { proceduresResolver } from './procedures/procedures.resolver';
import { ReplayResolver } from './replay/replay.resolver';

export const rulesConfigSchema = serviceConfigSchema(DEFAULT_PORTS.rules, {});

/** The games a rules subgraph serves and, unless the release's own, where their packs are. */
export interface RulesSource {
  readonly catalog: GameCatalog;
  readonly packsDir?: string;
}

/**
 * A rules subgraph serving the procedures of `source.catalog`: a typed query
 * per procedure, the catalog, replay and the content entities results point
 * at, all made from the catalog's descriptors at start, with content bound
 * to them once by the game host. Stateless: resolutions are pure functions
 * of their input and seed.
 */
export function rulesService(
  name: string,
  source: RulesSource,
): ServiceDefinition<typeof rulesConfigSchema> & { readonly graph: RulesGraphQL; readonly resolvers: readonly Type<unknown>[] } {
  const graph = rulesGraphQL(source.catalog);
  const resolvers = [proceduresResolver(graph.procedures), CatalogResolver, ReplayResolver, ...graph.referenceResolvers];
  const host =
    source.catalog === RELEASE_CATALOG && source.packsDir === undefined
      ? GameHostModule.forRelease()
      : GameHostModule.forGames(source.catalog, { packsDir: source.packsDir ?? DEFAULT_PACKS_DIR });

  @Module({ imports: [SubgraphGraphQLModule(), host], providers: [ProcedureRunner, ...resolvers] })
  class RulesModule {}

  return { name, module: RulesModule, configSchema: rulesConfigSchema, graph, resolvers };
}
