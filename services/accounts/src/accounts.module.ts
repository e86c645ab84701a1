import { Module } from '@nestjs/common';
import { PersistenceModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { accountsPersistence } from './accounts.persistence';
import { GroupsModule } from './groups/groups.module';
import { PlayersModule } from './players/players.module';

@Module({
  imports: [SubgraphGraphQLModule(), PersistenceModule.forService(accountsPersistence), RedisModule, PlayersModule, GroupsModule],
})
export class AccountsModule {}
