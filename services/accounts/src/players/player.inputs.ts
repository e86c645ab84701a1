import { Field, InputType } from '@nestjs/graphql';
import { z } from 'zod';

@InputType()
export class RegisterPlayerInput {
  @Field() email!: string;
  @Field({ description: '8 to 128 characters.' }) password!: string;
  @Field({ description: '1 to 40 characters.' }) displayName!: string;
}

@InputType()
export class LoginInput {
  @Field() email!: string;
  @Field() password!: string;
}

const email = z.string().trim().toLowerCase().max(254).email('must be an email address');

export const registerPlayerSchema = z.object({
  email,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
  displayName: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
});

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'must not be empty').max(128),
});
