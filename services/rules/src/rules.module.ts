import { Module } from '@nestjs/common';
import { SubgraphGraphQLModule } from '@scriptbook/platform';
import { DiceResolver } from './dice/dice.resolver';

/** Stateless: resolutions are pure functions of their input and seed. */
@Module({
  imports: [SubgraphGraphQLModule()],
  providers: [DiceResolver],
})
export class RulesModule {}
