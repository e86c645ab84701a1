import { Field, InputType } from '@nestjs/graphql';
import { plainText } from '@scriptbook/platform';
import { z } from 'zod';
import { DEVICE_ID_RULES, deviceIdSchema } from './device-id';

const DEVICE_NAME_RULES =
  'Optional name of the device shown in mySessions ("Kitchen tablet"): 1 to 40 characters after trimming, control and invisible ' +
  'formatting characters refused (rule "plain-text"). Set when the device is first seen; later sign-ins keep the first name.';

@InputType({ description: 'What a device sends to sign in without a form.' })
export class SignInWithDeviceInput {
  @Field({ description: DEVICE_ID_RULES })
  deviceId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Name other players see, used only when this device creates a new player (default "Player"); ignored when the device already ' +
      'belongs to a player. 1 to 40 characters after trimming; control and invisible formatting characters are refused (rule "plain-text").',
  })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: DEVICE_NAME_RULES })
  deviceName?: string | null;
}

@InputType({ description: 'A further device for the signed-in player.' })
export class LinkDeviceInput {
  @Field({ description: DEVICE_ID_RULES })
  deviceId!: string;

  @Field(() => String, { nullable: true, description: DEVICE_NAME_RULES })
  deviceName?: string | null;
}

const optionalText = plainText({ maxLength: 40 }).nullish();

export const signInWithDeviceSchema = z.object({ deviceId: deviceIdSchema, displayName: optionalText, deviceName: optionalText });

export const linkDeviceSchema = z.object({ deviceId: deviceIdSchema, deviceName: optionalText });
