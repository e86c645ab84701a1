import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { CatalogResolver } from './catalog/catalog.resolver';
import { BoundProcedures } from './procedures/bound-procedures';
import { ProceduresResolver } from './procedures/procedures.resolver';
import { ReplayResolver } from './replay/replay.resolver';

/**
 * Stateless: resolutions are pure functions of their input and seed. Every
 * query comes from the engine's procedure descriptors; content is bound to
 * them once, at start.
 */
@Module({
  imports: [SubgraphGraphQLModule(), ContentLibraryModule],
  providers: [BoundProcedures, ProceduresResolver, CatalogResolver, ReplayResolver],
})
export class RulesModule {}
