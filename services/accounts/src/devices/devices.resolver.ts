import { Args, Context, ID, Info, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, clientAddressOf, ConnectionShape, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import type { GraphQLResolveInfo } from 'graphql';
import { answeredForItsSession } from '../sessions/sign-in-answer';
import { AuthPayload, Player } from '../players/player.model';
import { LinkDeviceInput, SignInWithDeviceInput } from './device.inputs';
import { Device, DeviceConnection } from './device.model';
import { DevicesService } from './devices.service';

type AddressContext = Parameters<typeof clientAddressOf>[0];

const THROTTLED =
  'Too many attempts for one device id or from one address give RATE_LIMITED with `extensions.retryAfter` (seconds).';

@Resolver()
export class DevicesResolver {
  constructor(private readonly devices: DevicesService) {}

  @Mutation(() => AuthPayload, {
    description:
      'Signs a device in without a form. The first time a device id is seen it creates a new player with no email (an anonymous ' +
      'player, `hasEmail` false); afterwards the same device id signs the same player in, including after linkEmail. Needs no ' +
      'access token and ignores one sent along: the answer is for the new session. A bad device id gives BAD_USER_INPUT naming ' +
      '"input.deviceId" and the rule. Device ids seen for the first time create a bounded number of players per address per ' +
      `hour; known devices signing in again are not counted there. ${THROTTLED}`,
  })
  signInWithDevice(
    @Args('input', { description: 'The device id and, for a first sign-in, the new player’s name.' }) input: SignInWithDeviceInput,
    @Context() context: AddressContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AuthPayload> {
    return answeredForItsSession(this.devices.signIn(input, clientAddressOf(context)), context, info);
  }

  @Mutation(() => Player, {
    description:
      'Adds another device to the signed-in player, who may be anonymous or have an email: from then on signInWithDevice with that ' +
      'id signs this player in. Linking a device the player already has changes nothing. A device id that already signs in ' +
      `another player gives CONFLICT ("input.deviceId", rule "linked-elsewhere"). Needs a token (UNAUTHENTICATED). ${THROTTLED}`,
  })
  linkDevice(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('input', { description: 'The new device’s id and an optional name for it.' }) input: LinkDeviceInput,
    @Context() context: AddressContext,
  ): Promise<Player> {
    return this.devices.link(viewer.playerId, input, clientAddressOf(context));
  }

  @Query(() => DeviceConnection, {
    nullable: true,
    description: "The signed-in player's linked devices, newest first. Needs a token (UNAUTHENTICATED).",
  })
  myDevices(@CurrentPlayer() viewer: AuthenticatedPlayer, @Args() { first, after }: PageArgs): Promise<ConnectionShape<Device>> {
    return this.devices.list(viewer.playerId, viewer.sessionId, first, after);
  }

  @Mutation(() => Boolean, {
    description:
      'Unlinks one of the signed-in player’s devices (a lost one, say): its device id no longer signs this player in, and the ' +
      'sessions it started end at once. A device that is not the player’s gives NOT_FOUND (`extensions.field` "id", rule "exists"); ' +
      'the last device of a player with no email gives CONFLICT (rule "last-sign-in"), as nothing else could sign it in. ' +
      'Needs a token (UNAUTHENTICATED).',
  })
  unlinkDevice(
    @CurrentPlayer() viewer: AuthenticatedPlayer,
    @Args('id', { type: () => ID, description: 'The `id` of the device, from myDevices.' }) id: string,
  ): Promise<boolean> {
    return this.devices.unlink(viewer.playerId, id);
  }
}
