import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';

export enum SignInMethodValue {
  EMAIL = 'EMAIL',
  DEVICE = 'DEVICE',
}

registerEnumType(SignInMethodValue, {
  name: 'SignInMethod',
  description: 'How a session was started.',
  valuesMap: {
    EMAIL: { description: 'With email and password (registerPlayer or login).' },
    DEVICE: { description: 'With a device id (signInWithDevice).' },
  },
});

@ObjectType({ description: 'A signed-in device or browser: one sign-in and the refreshes that kept it going.' })
export class Session {
  @Field(() => ID, { description: 'Stable and opaque.' })
  id!: string;

  @Field(() => SignInMethodValue, { description: 'How the session was started.' })
  signInMethod!: SignInMethodValue;

  @Field(() => String, {
    nullable: true,
    description: 'The name the device gave itself (`deviceName` at signInWithDevice or linkDevice); null for email sign-ins and unnamed devices.',
  })
  deviceLabel!: string | null;

  @Field({ description: 'When the session was started.' })
  createdAt!: Date;

  @Field({ description: 'The last sign-in or refresh; accurate to one access token lifetime, since requests themselves are not recorded.' })
  lastUsedAt!: Date;

  @Field({ description: 'When the session ends however often it is refreshed; the device must sign in again after it.' })
  expiresAt!: Date;

  @Field({ description: 'Whether this is the session of the access token making the request: signOut would end this one.' })
  current!: boolean;
}

export const SessionConnection = Connection(Session, 'Session');
