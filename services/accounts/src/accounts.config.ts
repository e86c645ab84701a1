import { BaseConfig, DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * Accounts' settings. Sign-in and sign-up are throttled per account (the
 * normalized email) and per client address, in Redis so every replica
 * counts together; a limit of 0 turns that throttle off.
 */
export const accountsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.accounts, {
  /** Login attempts per account per window; a successful login clears the count, so in effect failures. */
  LOGIN_ACCOUNT_LIMIT: count(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** Login attempts per client address per window, whichever accounts they name. */
  LOGIN_ADDRESS_LIMIT: count(30),
  LOGIN_ADDRESS_WINDOW_SECONDS: seconds(60),
  /** Registrations tried per email per window: bounds probing which emails are taken. */
  REGISTER_ACCOUNT_LIMIT: count(5),
  REGISTER_ACCOUNT_WINDOW_SECONDS: seconds(60 * 60),
  /** Registrations per client address per window. */
  REGISTER_ADDRESS_LIMIT: count(20),
  REGISTER_ADDRESS_WINDOW_SECONDS: seconds(60 * 60),
});

export type AccountsConfig = z.infer<typeof accountsConfigSchema> & BaseConfig;
