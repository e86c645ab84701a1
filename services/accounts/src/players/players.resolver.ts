import { Args, Context, Mutation, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { alignByKey, AuthenticatedPlayer, CurrentPlayer, requestLoader } from '@scriptbook/platform';
import { PlayerEntity } from './player.entity';
import { LoginInput, RegisterPlayerInput } from './player.inputs';
import { AuthPayload, Player } from './player.model';
import { PlayersService } from './players.service';

const toPlayer = (entity: PlayerEntity): Player => ({ id: entity.id, displayName: entity.displayName });

@Resolver(() => Player)
export class PlayersResolver {
  constructor(private readonly players: PlayersService) {}

  @Mutation(() => AuthPayload, { description: 'Creates a player and signs them in.' })
  registerPlayer(@Args('input') input: RegisterPlayerInput): Promise<AuthPayload> {
    return this.players.register(input);
  }

  @Mutation(() => AuthPayload, { description: 'Exchanges email and password for an access token.' })
  login(@Args('input') input: LoginInput): Promise<AuthPayload> {
    return this.players.login(input);
  }

  @Query(() => Player, { nullable: true, description: 'The signed-in player; null without a token.' })
  async me(@CurrentPlayer({ optional: true }) viewer: AuthenticatedPlayer | null): Promise<Player | null> {
    if (!viewer) return null;
    const entity = await this.players.findById(viewer.playerId);
    return entity ? toPlayer(entity) : null;
  }

  @ResolveReference()
  async resolveReference(@Parent() reference: { id: string }, @Context() context: object): Promise<Player | null> {
    const loader = requestLoader<string, PlayerEntity | null>(context, 'players', async (ids) =>
      alignByKey(ids, await this.players.findByIds(ids), (player) => player.id),
    );
    const entity = await loader.load(reference.id);
    return entity ? toPlayer(entity) : null;
  }
}
