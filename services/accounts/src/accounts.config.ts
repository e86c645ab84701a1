import { BaseConfig, DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const days = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);

/**
 * Accounts' settings. Sign-in, sign-up, device sign-in, refresh and group
 * joins are throttled per account and per client address, in Redis so every
 * replica counts together; a limit of 0 turns that throttle off.
 */
export const accountsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.accounts, {
  /**
   * Access token lifetime. Short, because a token is checked without asking
   * accounts: refresh tokens keep a player signed in for months instead.
   */
  JWT_TTL: z.string().regex(/^\d+[smhd]$/, 'a duration such as 15m, 12h or 7d').default('15m'),
  /** A refresh token unused this long stops working (the lifetime slides with every refresh). */
  REFRESH_IDLE_DAYS: days(90),
  /**
   * A refresh token already exchanged may be presented again this long after
   * its exchange, as long as the token it was exchanged for has never been
   * used: the first answer was lost on the way (a train tunnel, a killed
   * app), so the same device retries. The unused successor is voided and a
   * new pair issued. After the window, or once the successor was used, the
   * old token counts as reuse and ends the session. 0 turns retries off.
   */
  REFRESH_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** No session outlives this, however often it is refreshed; a device then simply signs in again. */
  SESSION_MAX_DAYS: days(365),
  /** Login attempts per account per window; a successful login clears the count, so in effect failures. */
  LOGIN_ACCOUNT_LIMIT: count(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** Login attempts per client address per window, whichever accounts they name. */
  LOGIN_ADDRESS_LIMIT: count(30),
  LOGIN_ADDRESS_WINDOW_SECONDS: seconds(60),
  /** Registrations (and email links) tried per email per window: bounds probing which emails are taken. */
  REGISTER_ACCOUNT_LIMIT: count(5),
  REGISTER_ACCOUNT_WINDOW_SECONDS: seconds(60 * 60),
  /** Registrations (and email links) per client address per window. */
  REGISTER_ADDRESS_LIMIT: count(20),
  REGISTER_ADDRESS_WINDOW_SECONDS: seconds(60 * 60),
  /** Device sign-ins per device id per window. */
  DEVICE_ACCOUNT_LIMIT: count(20),
  DEVICE_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** Device sign-ins per client address per window; generous, as a club's players share one address. */
  DEVICE_ADDRESS_LIMIT: count(60),
  DEVICE_ADDRESS_WINDOW_SECONDS: seconds(60),
  /**
   * Players that device ids seen for the first time may create, per client
   * address per window: the same bound as registrations (REGISTER_ADDRESS_*),
   * because an anonymous player is as much a new account as an email one
   * (a row, a personal group, a name on the boards) and the device limit
   * above would otherwise let one address create 60 a minute. A device id
   * already known signs its player in again without counting here, so a
   * club's regulars are never held back; 20 new devices an hour from one
   * address is more than a table of first-time players needs.
   */
  DEVICE_PLAYER_ADDRESS_LIMIT: count(20),
  DEVICE_PLAYER_ADDRESS_WINDOW_SECONDS: seconds(60 * 60),
  /** Session refreshes per player per window, all of the player's devices together. */
  REFRESH_ACCOUNT_LIMIT: count(60),
  REFRESH_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** Session refreshes per client address per window, counted before the token is looked up. */
  REFRESH_ADDRESS_LIMIT: count(120),
  REFRESH_ADDRESS_WINDOW_SECONDS: seconds(60),
  /** joinGroup attempts per player per window, right or wrong: with 2^50 codes, guessing stays out of reach. */
  JOIN_ACCOUNT_LIMIT: count(10),
  JOIN_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** joinGroup attempts per client address per window. */
  JOIN_ADDRESS_LIMIT: count(30),
  JOIN_ADDRESS_WINDOW_SECONDS: seconds(15 * 60),
});

export type AccountsConfig = z.infer<typeof accountsConfigSchema> & BaseConfig;
