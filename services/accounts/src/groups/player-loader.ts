import { alignByKey, requestLoader } from '@scriptbook/platform';
import { DataSource, In } from 'typeorm';
import { PlayerEntity } from '../players/player.entity';
import { Player } from '../players/player.model';

/** A player named by a group row, fetched with every other one the request names in one query. */
export async function playerById(context: object, dataSource: DataSource, playerId: string): Promise<Player> {
  const loader = requestLoader<string, PlayerEntity | null>(context, 'group-players', async (ids) =>
    alignByKey(ids, await dataSource.getRepository(PlayerEntity).findBy({ id: In([...ids]) }), (player) => player.id),
  );
  const player = await loader.load(playerId);
  // A row outlives its player only until the account's removal cascades; show the id regardless.
  return { id: playerId, displayName: player?.displayName ?? '' };
}
