import { Global, Injectable, Module } from '@nestjs/common';
import { InjectRepository, PersistenceModule, PLAYER_DIRECTORY, PlayerDirectory } from '@scriptbook/platform';
import { Repository } from 'typeorm';
import { PlayerEntity } from './player.entity';

/** Accounts owns the players table, so it answers "does this player exist" from it, not from Redis. */
@Injectable()
class PlayerTable implements PlayerDirectory {
  constructor(@InjectRepository(PlayerEntity) private readonly players: Repository<PlayerEntity>) {}

  exists(playerId: string): Promise<boolean> {
    return this.players.existsBy({ id: playerId });
  }
}

/**
 * Global so the platform's TokenService sees it: every authenticated request
 * to accounts (players, groups, anything added later) then names a player
 * whose row exists, at the cost of one primary-key lookup.
 */
@Global()
@Module({
  imports: [PersistenceModule.repositories(PlayerEntity)],
  providers: [{ provide: PLAYER_DIRECTORY, useClass: PlayerTable }],
  exports: [PLAYER_DIRECTORY],
})
export class PlayerDirectoryModule {}
