import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { PlayerEntity } from './player.entity';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';

@Module({
  imports: [PersistenceModule.repositories(PlayerEntity)],
  providers: [PlayersService, PlayersResolver],
})
export class PlayersModule {}
