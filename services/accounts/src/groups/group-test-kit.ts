import { DataSource } from 'typeorm';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';

export interface SignedInPlayer {
  readonly id: string;
  readonly token: string;
}

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken player { id } } }`;

/** Registers a player through the API, as an app would. */
export async function registerPlayer(url: string, name: string, runId: string): Promise<SignedInPlayer> {
  const response = await graphql(url, REGISTER, {
    input: { email: `${name}-${runId}@example.org`, password: 'correct horse battery', displayName: name },
  });
  if (response.errors) throw new Error(`could not register ${name}: ${JSON.stringify(response.errors)}`);
  const payload = response.data!.registerPlayer;
  return { id: payload.player.id, token: payload.accessToken };
}

/** Everything the group tables hold, so a refused operation can be shown to have changed nothing. */
export async function groupTables(dataSource: DataSource): Promise<unknown> {
  const [groups, memberships, invitations] = await Promise.all([
    dataSource.query('SELECT id, name, kind, membership_version FROM play_groups ORDER BY id'),
    dataSource.query('SELECT id, group_id, player_id, role FROM group_memberships ORDER BY id'),
    dataSource.query('SELECT id, group_id, code_hash, expires_at, revoked_at FROM group_invitations ORDER BY id'),
  ]);
  return { groups, memberships, invitations };
}

/** The code, field and rule of the first error, for compact expectations. */
export function refusal(response: GraphQLResponse): Record<string, unknown> | undefined {
  return response.errors?.[0]?.extensions;
}
