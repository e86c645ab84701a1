import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { alignByKey, requestLoader } from '@scriptbook/platform';
import { DataSource, In } from 'typeorm';
import { PlayerEntity } from '../players/player.entity';
import { Player } from '../players/player.model';
import { GroupMember } from './group.model';
import type { GroupMemberRow } from './groups.service';

@Resolver(() => GroupMember)
export class GroupMembersResolver {
  constructor(private readonly dataSource: DataSource) {}

  @ResolveField(() => Player, { description: 'The member, as accounts knows them (id and display name).' })
  async player(@Parent() member: GroupMemberRow, @Context() context: object): Promise<Player> {
    const loader = requestLoader<string, PlayerEntity | null>(context, 'group-member-players', async (ids) =>
      alignByKey(ids, await this.dataSource.getRepository(PlayerEntity).findBy({ id: In([...ids]) }), (player) => player.id),
    );
    const player = await loader.load(member.playerId);
    // A member row outlives its player only until the delete cascades; show the id regardless.
    return { id: member.playerId, displayName: player?.displayName ?? '' };
  }
}
