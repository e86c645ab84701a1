import { Field, InputType } from '@nestjs/graphql';
import { plainText } from '@scriptbook/platform';
import { z } from 'zod';
import { normalizedPassword, PASSWORD_MAX_BYTES } from './password-hasher';

const PASSWORD_RULES =
  `8 characters or more and at most ${PASSWORD_MAX_BYTES} bytes in UTF-8 (${PASSWORD_MAX_BYTES} plain letters, fewer with accents or emoji); ` +
  'not only spaces. Refused with BAD_USER_INPUT (`extensions.field` "input.password", `extensions.rule` "min", "max-bytes" or "not-blank").';

@InputType({ description: 'What a new player gives to sign up.' })
export class RegisterPlayerInput {
  @Field({ description: 'The address to sign in with; compared without regard to case. At most 254 characters.' })
  email!: string;

  @Field({ description: PASSWORD_RULES })
  password!: string;

  @Field({
    description:
      'The name other players see: 1 to 40 characters after trimming; letters of any script, accents and emoji are fine, ' +
      'control and invisible formatting characters are refused (rule "plain-text").',
  })
  displayName!: string;
}

@InputType({ description: 'Email and password of an existing player.' })
export class LoginInput {
  @Field({ description: 'The email the player registered with, in any case.' })
  email!: string;

  @Field({ description: `The player's password; at most ${PASSWORD_MAX_BYTES} bytes in UTF-8, as no longer one can be set.` })
  password!: string;
}

@InputType({ description: 'Confirms that the person holding the token is the player.' })
export class DeleteMyAccountInput {
  @Field(() => String, {
    nullable: true,
    description:
      "The player's current password; wrong guesses count toward the same throttle as logins. Required for a player with an email " +
      '(BAD_USER_INPUT, rule "required", without it); a player with no email has no password, and the token alone suffices.',
  })
  password?: string | null;
}

@InputType({ description: 'The email and password that turn an anonymous (device-only) player into an email account.' })
export class LinkEmailInput {
  @Field({ description: 'The address to sign in with from now on; compared without regard to case. At most 254 characters.' })
  email!: string;

  @Field({ description: PASSWORD_RULES })
  password!: string;
}

const nfc = (value: unknown) => (typeof value === 'string' ? value.normalize('NFC') : value);

/**
 * Emails are compared in one form: trimmed, lower case, NFC. (The email rule
 * accepts ASCII addresses only today, where NFC changes nothing; it is here
 * so that widening the rule cannot let two spellings of one address in.)
 */
const email = z.preprocess(nfc, z.string().trim().toLowerCase().max(254).email('must be an email address'));

/** Counted in the form that is hashed (NFC), which is what bcrypt reads. */
const withinBcryptLimit = (password: string) => Buffer.byteLength(normalizedPassword(password), 'utf8') <= PASSWORD_MAX_BYTES;
const maxBytes = { message: `must be at most ${PASSWORD_MAX_BYTES} bytes in UTF-8`, params: { rule: 'max-bytes' } };

/**
 * Any password that could have been set: a longer one can never match, and
 * is refused rather than cut. Kept as typed: `PasswordHasher.check` compares
 * its NFC form, and the forms a hash from before normalization may hold.
 */
const givenPassword = z.string().min(1, 'must not be empty').refine(withinBcryptLimit, maxBytes);

/** A password being set is stored in NFC, so its rules apply to that form. */
const newPassword = z.preprocess(
  nfc,
  z
    .string()
    .min(8, 'must be at least 8 characters')
    .refine(withinBcryptLimit, maxBytes)
    .refine((password) => password.trim().length > 0, { message: 'must not be only spaces', params: { rule: 'not-blank' } }),
);

export const registerPlayerSchema = z.object({ email, password: newPassword, displayName: plainText({ maxLength: 40 }) });

export const linkEmailSchema = z.object({ email, password: newPassword });

export const loginSchema = z.object({ email, password: givenPassword });

export const deleteMyAccountSchema = z.object({ password: givenPassword.nullish() });
