import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { CatalogResolver } from './catalog/catalog.resolver';
import { ProcedureRegistry } from './catalog/procedure-registry';
import { BoundProcedures } from './procedures/bound-procedures';
import { ProceduresResolver } from './procedures/procedures.resolver';
import { HopeResolver } from './hope-inhumanity/hope.resolver';
import { ReplayResolver } from './replay/replay.resolver';
import { TwomResolver } from './twom/twom.resolver';
import { TacticsResolver } from './twom-tactics/tactics.resolver';

/**
 * Stateless: resolutions are pure functions of their input and seed. The
 * content library is read only to turn ids into the data procedures need.
 */
@Module({
  imports: [SubgraphGraphQLModule(), ContentLibraryModule],
  providers: [
    ProcedureRegistry,
    BoundProcedures,
    ProceduresResolver,
    TwomResolver,
    TacticsResolver,
    HopeResolver,
    CatalogResolver,
    ReplayResolver,
  ],
})
export class RulesModule {}
