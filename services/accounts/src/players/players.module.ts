import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { PasswordHasher } from './password-hasher';
import { PlayerDirectoryModule } from './player-directory.module';
import { PlayerEntity } from './player.entity';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';
import { SignInThrottle } from './sign-in-throttle';

@Module({
  imports: [PersistenceModule.repositories(PlayerEntity), PlayerDirectoryModule],
  providers: [PasswordHasher, SignInThrottle, PlayersService, PlayersResolver],
})
export class PlayersModule {}
