import { Args, Context, Info, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { accessTokenRefused, alignByKey, AuthenticatedPlayer, clientAddressOf, CurrentPlayer, REMOVED_PLAYER_REASON, requestLoader } from '@scriptbook/platform';
import type { Request } from 'express';
import type { GraphQLResolveInfo } from 'graphql';
import { answeredForItsSession } from '../sessions/sign-in-answer';
import { PlayerEntity } from './player.entity';
import { DeleteMyAccountInput, LinkEmailInput, LoginInput, RegisterPlayerInput } from './player.inputs';
import { AuthPayload, Player, RemovedAccount, toPlayer } from './player.model';
import { PlayersService } from './players.service';

type GraphQLContext = { req: Request };

const THROTTLED = 'Too many attempts for one account or from one address give RATE_LIMITED with `extensions.retryAfter` (seconds).';

@Resolver(() => Player)
export class PlayersResolver {
  constructor(private readonly players: PlayersService) {}

  @Mutation(() => AuthPayload, {
    description: `Creates a player and signs them in; needs no access token and ignores one sent along. An email already taken gives CONFLICT. ${THROTTLED}`,
  })
  registerPlayer(
    @Args('input', { description: 'Email, password and display name of the new player.' }) input: RegisterPlayerInput,
    @Context() context: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AuthPayload> {
    return answeredForItsSession(this.players.register(input, clientAddressOf(context)), context, info);
  }

  @Mutation(() => AuthPayload, {
    description:
      'Exchanges email and password for an access token; needs no access token and ignores one sent along (the answer is for the ' +
      'new session). A wrong password and an unknown email both give UNAUTHENTICATED ' +
      `with the same message. ${THROTTLED} A successful login clears the account's count of failed attempts.`,
  })
  login(
    @Args('input', { description: 'The email and password to check.' }) input: LoginInput,
    @Context() context: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AuthPayload> {
    return answeredForItsSession(this.players.login(input, clientAddressOf(context)), context, info);
  }

  @Mutation(() => Player, {
    description:
      'Gives the signed-in player, created by signInWithDevice, an email and password: the same player (same id, groups and everything ' +
      'it owns) can then log in with them on any device, and its devices keep signing it in. CONFLICT naming "input.email" with rule ' +
      '"unique" when another player has that email, or "already-linked" when this player already has one. Counts toward the ' +
      `registration throttle. Needs a token (UNAUTHENTICATED). ${THROTTLED}`,
  })
  linkEmail(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('input', { description: 'The email and the password to set.' }) input: LinkEmailInput,
    @Context() context: GraphQLContext,
  ): Promise<Player> {
    return this.players.linkEmail(viewer.playerId, input, clientAddressOf(context));
  }

  @Mutation(() => RemovedAccount, {
    description:
      "Removes the signed-in player's account, its devices and sessions. The player leaves every group: a group it owned passes to " +
      'its longest-standing member, or empties. From then on every access token of the player gives UNAUTHENTICATED in every ' +
      'part of the API. Needs a token (UNAUTHENTICATED) and, for a player with an email, the current password (FORBIDDEN when wrong).',
  })
  deleteMyAccount(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('input', { description: 'The current password, to confirm.' }) input: DeleteMyAccountInput,
    @Context() context: GraphQLContext,
  ): Promise<RemovedAccount> {
    return this.players.remove(viewer.playerId, input, clientAddressOf(context));
  }

  @Query(() => Player, {
    nullable: true,
    description:
      'The signed-in player; null without a token. A token that is sent but refused gives UNAUTHENTICATED with `extensions.field` ' +
      '"authorization" and the rule: "access-token-expired" (refresh and retry), "session-ended", "player-removed" or "access-token-invalid".',
  })
  async me(@CurrentPlayer({ optional: true }) viewer: AuthenticatedPlayer | null): Promise<Player | null> {
    if (!viewer) return null;
    const entity = await this.players.findById(viewer.playerId);
    if (!entity) throw accessTokenRefused(REMOVED_PLAYER_REASON);
    return toPlayer(entity);
  }

  @ResolveField(() => Boolean, {
    nullable: true,
    description:
      'Whether the player can log in with an email; false for a player only devices sign in, who should be offered linkEmail so a lost ' +
      'device does not lose the account. Private: null for any other player, and in lists of players such as group members; ' +
      'read it from `me` or a sign-in answer.',
  })
  hasEmail(@Parent() player: Player, @CurrentPlayer({ optional: true }) viewer: AuthenticatedPlayer | null): boolean | null {
    return viewer?.playerId === player.id && typeof player.emailLinked === 'boolean' ? player.emailLinked : null;
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
