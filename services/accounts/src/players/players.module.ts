import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { GroupsModule } from '../groups/groups.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordHasher } from './password-hasher';
import { PlayerDirectoryModule } from './player-directory.module';
import { PlayerEntity } from './player.entity';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';

@Module({
  imports: [PersistenceModule.repositories(PlayerEntity), PlayerDirectoryModule, SessionsModule, GroupsModule],
  providers: [PasswordHasher, PlayersService, PlayersResolver],
})
export class PlayersModule {}
