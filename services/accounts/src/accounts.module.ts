import { Module } from '@nestjs/common';
import { PersistenceDefinition, PersistenceModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { accountsMigrations } from './migrations';
import { PlayerEntity } from './players/player.entity';
import { PlayersModule } from './players/players.module';

export const accountsPersistence: PersistenceDefinition = {
  service: 'accounts',
  entities: [PlayerEntity],
  migrations: accountsMigrations,
};

@Module({
  imports: [SubgraphGraphQLModule(), PersistenceModule.forService(accountsPersistence), PlayersModule],
})
export class AccountsModule {}
