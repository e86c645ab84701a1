import { FuzzRandom } from './fuzz-random';
import { FuzzCase } from './fuzz-runner';
import { Actor, FuzzWorld } from './fuzz-world';
import { RawSocketFuzzRequest, SocketFuzzRequest } from './transports';

const FAMILY = 'live';

/** The live schema's one subscription, as a device sends it. */
export const FOLLOW = 'subscription Follow($id: ID!) { campaignChanged(campaignId: $id) { campaignId fromVersion version } }';

/** connection_init payloads no app sends: the token is the only thing the server reads from it. */
function hostileConnectionParams(actor: Actor): { label: string; params: unknown }[] {
  const token = actor.token ?? 'none';
  return [
    { label: 'authorization that is a number', params: { authorization: 12 } },
    { label: 'authorization that is a list', params: { authorization: ['Bearer', token] } },
    { label: 'authorization without Bearer', params: { authorization: token } },
    { label: 'bearer token that is not a JWT', params: { authorization: 'Bearer not-a-token' } },
    { label: '60 kB authorization', params: { authorization: `Bearer ${'x'.repeat(60_000)}` } },
    { label: 'authorization with control characters', params: { authorization: `Bearer ${token}\u0000\u202E` } },
    { label: 'authorization under __proto__', params: JSON.parse(`{"__proto__": {"authorization": "Bearer ${token}"}}`) },
  ];
}

function rawCase(actor: Actor, target: string, messages: unknown[], mutation = false): FuzzCase {
  const request: RawSocketFuzzRequest = {
    transport: 'raw-socket',
    actor,
    messages: messages.map((message) => (typeof message === 'string' ? message : JSON.stringify(message))),
  };
  return { family: FAMILY, target, request, mutation };
}

/**
 * Socket cases beyond generated operations: connection_init payloads and
 * protocol messages in orders and shapes a graphql-ws client never sends.
 */
export function protocolAttacks(world: FuzzWorld, random: FuzzRandom): ((actor: Actor) => FuzzCase)[] {
  const campaign = () => random.pick(world.values('campaign'));
  const init = (actor: Actor) => ({ type: 'connection_init', payload: actor.token ? { authorization: `Bearer ${actor.token}` } : {} });
  const subscribe = (id: unknown, query = FOLLOW, variables: unknown = { id: campaign() }) => ({ type: 'subscribe', id, payload: { query, variables } });
  return [
    ...hostileConnectionParams(world.actors[1]).map(({ label, params }) => (actor: Actor): FuzzCase => {
      const request: SocketFuzzRequest = { transport: 'socket', actor, connectionParams: params, payload: { query: FOLLOW, variables: { id: campaign() } } };
      return { family: FAMILY, target: `connection_init: ${label}`, request, mutation: false };
    }),
    (a) => rawCase(a, 'a frame that is not JSON', ['{"type":']),
    (a) => rawCase(a, 'connection_init twice', [init(a), init(a)]),
    (a) => rawCase(a, 'subscribe before connection_init', [subscribe('early')]),
    (a) => rawCase(a, 'two subscriptions with one id', [init(a), subscribe('same'), subscribe('same')]),
    (a) => rawCase(a, 'subscription id that is a number', [init(a), subscribe(7)]),
    (a) => rawCase(a, 'subscription id that is a reserved key', [init(a), subscribe('__proto__')]),
    (a) => rawCase(a, 'subscription id of 20,000 characters', [init(a), subscribe('i'.repeat(20_000))]),
    (a) => rawCase(a, 'query that is a number', [init(a), { type: 'subscribe', id: 'q', payload: { query: 42 } }]),
    (a) => rawCase(a, 'subscribe without a payload', [init(a), { type: 'subscribe', id: 'p' }]),
    (a) => rawCase(a, 'variables that are a list', [init(a), subscribe('v', FOLLOW, [1, 2])]),
    (a) => rawCase(a, 'message of an unknown type', [init(a), { type: 'nope', id: 'x' }]),
    (a) => rawCase(a, 'complete for a subscription never made', [init(a), { type: 'complete', id: 'never' }]),
    (a) => rawCase(a, 'ping and pong', [init(a), { type: 'ping' }, { type: 'pong', payload: { x: 1 } }]),
    (a) => rawCase(a, 'connection_init payload that is a list', [{ type: 'connection_init', payload: [a.token ?? 'none'] }, subscribe('l')]),
    (a) => rawCase(a, 'connection_init payload that is text', [{ type: 'connection_init', payload: 'Bearer x' }, subscribe('t')]),
    (a) => rawCase(a, 'a frame over the 64 kB limit', [init(a), subscribe('big', `subscription { campaignChanged(campaignId: "${'c'.repeat(70_000)}") { version } }`, {})]),
    (a) => rawCase(a, 'a mutation over the socket', [init(a), subscribe('m', 'mutation { createGroup(input: { name: "over the socket" }) { id } }', {})], true),
    (a) => rawCase(a, '100 subscriptions at once', [init(a), ...Array.from({ length: 100 }, (_, i) => subscribe(`s${i}`))]),
  ];
}
