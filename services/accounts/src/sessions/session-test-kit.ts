import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { graphql } from '@scriptbook/platform/testing/graphql-client';

/** A device id as an app should make one: 32 random bytes, base64url. */
export const newDeviceId = (): string => randomBytes(32).toString('base64url');

export const SESSION_FIELDS = 'accessToken expiresAt refreshToken refreshExpiresAt player { id displayName hasEmail }';

export const SIGN_IN_WITH_DEVICE = `mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { ${SESSION_FIELDS} } }`;
export const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { ${SESSION_FIELDS} } }`;
export const REFRESH = `mutation($token: String!) { refreshSession(refreshToken: $token) { ${SESSION_FIELDS} } }`;
export const LINK_EMAIL = `mutation($input: LinkEmailInput!) { linkEmail(input: $input) { id displayName hasEmail } }`;
export const LINK_DEVICE = `mutation($input: LinkDeviceInput!) { linkDevice(input: $input) { id } }`;

export interface Session {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly player: { id: string; displayName: string; hasEmail: boolean | null };
}

/** Signs a device in through the API and fails loudly if that does not work. */
export async function deviceSession(url: string, deviceId: string, extra: Record<string, unknown> = {}, clientAddress?: string): Promise<Session> {
  const response = await graphql(url, SIGN_IN_WITH_DEVICE, { input: { deviceId, ...extra } }, undefined, { clientAddress });
  if (response.errors) throw new Error(`device sign-in failed: ${JSON.stringify(response.errors)}`);
  return response.data!.signInWithDevice;
}

/** Row counts of every table accounts writes when signing in, so a refused request can be shown to have written nothing. */
export async function accountRows(dataSource: DataSource): Promise<Record<string, unknown>> {
  const count = async (table: string) => Number((await dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  return {
    players: await count('players'),
    devices: await count('player_devices'),
    sessions: await count('sessions'),
    refreshTokens: await count('refresh_tokens'),
    ended: await count('sessions WHERE ended_at IS NOT NULL'),
    replaced: await count('refresh_tokens WHERE replaced_at IS NOT NULL'),
    emails: await dataSource.query('SELECT id, email FROM players ORDER BY id'),
  };
}
