import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';

@ObjectType({ description: 'A device id linked to the signed-in player: holding that id signs the player in with signInWithDevice.' })
export class Device {
  @Field(() => ID, { description: 'Identifies the link, for unlinkDevice; not the device id itself, which the server never keeps.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'The `deviceName` given when the device was linked; null when none was.' })
  label!: string | null;

  @Field({ description: 'When the device was linked (its first sign-in, or linkDevice).' })
  createdAt!: Date;

  @Field({ description: 'Whether the request came from a session this device started.' })
  current!: boolean;
}

export const DeviceConnection = Connection(Device, 'Device');
