import Redis from 'ioredis';
import {
  buildSchema,
  getNamedType,
  GraphQLField,
  GraphQLObjectType,
  GraphQLSchema,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../../services/campaigns/src/campaigns.app';
import { LiveUpdatesServer } from '../../services/campaigns/src/live/live-updates.server';
import { printSubscriptionPart } from '../../scripts/schema/live-api';
import { CLIENT_SCHEMA_FILE, readCheckedIn } from '../../scripts/schema/subgraph-schemas';

/** Every leaf below a field, as a selection, so a document asks for all of what the file promises. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return field.name;
  if (!isObjectType(type)) throw new Error(`${field.name}: only object and leaf types are expected in the live schema`);
  return `${field.name} { ${Object.values((type as GraphQLObjectType).getFields()).map(selectionOf).join(' ')} }`;
}

/**
 * The Subscription part of graphql/schema.graphql is what the running campaigns service serves at /graphql/ws: the
 * schema handed to graphql-ws prints the same, and a subscription asking for every field the file lists, with every
 * required argument, is accepted over a real socket and answers them.
 */
describe('the Subscription root of graphql/schema.graphql against /graphql/ws', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let token: string;
  let checkedIn: GraphQLSchema;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'drift-group', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    token = service.app.get(TokenService).issue('player-ana').accessToken;
    checkedIn = buildSchema(readCheckedIn(CLIENT_SCHEMA_FILE));
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('prints the same Subscription root and types as the schema graphql-ws was given', () => {
    const served = service.app.get(LiveUpdatesServer).servedSchema;
    expect(served).toBeDefined();
    expect(checkedIn.getSubscriptionType()).toBeDefined();
    expect(printSubscriptionPart(checkedIn)).toBe(printSubscriptionPart(served!));
  });

  it('answers, over the socket, a subscription to every field the file lists', async () => {
    const created = await graphql(service.url, `mutation { createCampaign(input: { gameId: "twom", name: "Drift", groupId: "drift-group" }) { id } }`, {}, token);
    const campaignId = created.data!.createCampaign.id as string;
    const root = checkedIn.getSubscriptionType()!;
    for (const field of Object.values(root.getFields())) {
      const required = field.args.filter((arg) => isNonNullType(arg.type));
      // Every live argument today names the campaign; a new one needs a value here, and this fails until it has one.
      const values = Object.fromEntries(required.map((arg) => [arg.name, arg.name === 'campaignId' ? campaignId : undefined]));
      expect(Object.entries(values).filter(([, value]) => value === undefined)).toEqual([]);
      const declared = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
      const passed = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const selection = selectionOf(field).replace(field.name, `${field.name}${passed ? `(${passed})` : ''}`);
      const query = `subscription Drift${declared ? `(${declared})` : ''} { ${selection} }`;

      const first = await firstResult(service.url, token, query, values);
      expect(first.errors).toBeUndefined();
      const answered = (first.data as Record<string, Record<string, unknown>>)[field.name];
      const leaves = Object.keys((getNamedType(field.type) as GraphQLObjectType).getFields());
      expect(Object.keys(answered).sort()).toEqual([...leaves].sort());
    }
  });
});

/** The first result of a subscription on the campaigns service's own /graphql/ws, the upgrade signed as the gateway signs it. */
async function firstResult(baseUrl: string, token: string, query: string, variables: Record<string, unknown>): Promise<{ data?: unknown; errors?: unknown }> {
  class SignedSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '', ''), [GATEWAY_CLIENT_ADDRESS_HEADER]: '' } });
    }
  }
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql/ws`,
    webSocketImpl: SignedSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  try {
    const results = client.iterate({ query, variables });
    const { value } = await results.next();
    await results.return?.();
    return value as { data?: unknown; errors?: unknown };
  } catch (errors) {
    return { errors };
  } finally {
    await client.dispose();
  }
}
