import { GraphQLField, GraphQLSchema, getNamedType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { FuzzRandom } from './fuzz-random';
import { FuzzCase } from './fuzz-runner';
import { Actor, FuzzWorld } from './fuzz-world';
import { HttpFuzzRequest, get, post } from './transports';

type Attack = (actor: Actor) => FuzzCase;

const FAMILY = 'documents';

function document(target: string, actor: Actor, query: string, options: { variables?: Record<string, unknown>; operationName?: string; mutation?: boolean; viaGet?: boolean } = {}): FuzzCase {
  const operation = { query, variables: options.variables, operationName: options.operationName };
  return { family: FAMILY, target, request: options.viaGet ? get(actor, operation) : post(actor, operation), mutation: options.mutation ?? /\bmutation\b/.test(query) };
}

function raw(target: string, actor: Actor, request: Omit<HttpFuzzRequest, 'transport' | 'actor'>, mutation = false): FuzzCase {
  const headers = actor.token && !('authorization' in request.headers) ? { ...request.headers, authorization: `Bearer ${actor.token}` } : request.headers;
  return { family: FAMILY, target, request: { transport: 'http', actor, ...request, headers }, mutation };
}

const times = (count: number, text: (i: number) => string, separator = ' ') => Array.from({ length: count }, (_, i) => text(i)).join(separator);

/** Query fields a document can call with no arguments, and a leaf of each to select: `games { id }`. */
function argumentFreeQueries(schema: GraphQLSchema): string[] {
  return Object.values(schema.getQueryType()!.getFields())
    .filter((field) => field.args.every((argument) => !isNonNullType(argument.type)))
    .map((field) => `${field.name} ${leafSelection(field)}`);
}

function leafSelection(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return '';
  if (!isObjectType(type)) return '{ __typename }';
  const leaf = Object.values(type.getFields()).find((candidate) => isLeafType(getNamedType(candidate.type)) && candidate.args.length === 0);
  return `{ ${leaf?.name ?? '__typename'} }`;
}

/**
 * A path of object fields without required arguments that goes `depth`
 * levels down, following the schema's cycles (a script's links' targets, a
 * card's game's cards): what a client nesting past the depth limit sends.
 */
function deepPath(schema: GraphQLSchema, random: FuzzRandom, depth: number): string | undefined {
  for (let attempt = 0; attempt < 30; attempt++) {
    let type = schema.getQueryType()!;
    const names: string[] = [];
    for (let level = 0; level < depth; level++) {
      const next = Object.values(type.getFields()).filter((field) => field.args.every((a) => !isNonNullType(a.type)) && isObjectType(getNamedType(field.type)));
      if (next.length === 0) break;
      const field = random.pick(next);
      names.push(field.name);
      type = getNamedType(field.type) as typeof type;
    }
    if (names.length === depth) return `{ ${names.join(' { ')} { __typename }${' }'.repeat(depth)}`;
  }
  return undefined;
}

/**
 * Documents and requests that are wrong as a whole rather than in one
 * value: shapes the query limits, the parser, the validator and the HTTP
 * layer have to refuse cleanly. Derived from the schema where they name fields.
 */
export function documentAttacks(schema: GraphQLSchema, world: FuzzWorld, random: FuzzRandom, liveSubscription: string): Attack[] {
  const plain = argumentFreeQueries(schema);
  const field = () => random.pick(plain);
  const campaign = () => random.pick(world.values('campaign'));
  const group = () => random.pick(world.values('group'));
  return [
    (a) => {
      const repeated = field();
      return document('duplicated root field ×200', a, `{ ${times(200, () => repeated)} }`);
    },
    (a) => document('duplicated leaf ×600', a, `{ games { ${times(600, () => 'id')} } }`),
    (a) => document('the same field with different arguments', a, `{ game(id: "twom") { id } game(id: "stalker-zs") { id } }`),
    (a) => {
      const path = deepPath(schema, random, random.pick([11, 25, 60]));
      return document('nesting past the depth limit', a, path ?? `{ __schema { types { ${'fields { type { '.repeat(20)} name ${'} } '.repeat(20)} } } }`);
    },
    (a) => document('introspection nested 40 deep', a, `{ __schema { types { ${'ofType { '.repeat(40)}name${' }'.repeat(40)} } } }`),
    (a) => document('one fragment spread 400 times', a, `query { ${times(400, () => '...F')} } fragment F on Query { __typename }`),
    (a) => {
      const levels = 14;
      const fragments = times(levels, (i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`, '\n');
      return document('fragments doubling 14 times', a, `query { ...F0 }\n${fragments}\nfragment F${levels} on Query { games { id } }`);
    },
    (a) => document('fragments spreading each other', a, `query { ...A } fragment A on Query { games { id } ...B } fragment B on Query { ...A }`),
    (a) => document('fragment on a type that does not exist', a, `query { ...F } fragment F on Nope { id }`),
    (a) => document('16 aliases of __typename', a, `{ ${times(16, (i) => `a${i}: __typename`)} }`),
    (a) => document('1,000 aliases of __typename', a, `{ ${times(1_000, (i) => `a${i}: __typename`)} }`),
    (a) => document('40 aliases of a field with arguments', a, `{ ${times(40, (i) => `c${i}: campaign(id: "${campaign()}") { id version }`)} }`),
    (a) => document('40 aliased mutations', a, `mutation { ${times(40, (i) => `g${i}: createGroup(input: { name: "alias ${i}" }) { id }`)} }`),
    (a) => document('unknown operation name', a, `query Known { games { id } }`, { operationName: 'Unknown' }),
    (a) => document('operation name that is a reserved key', a, `query Known { games { id } }`, { operationName: '__proto__' }),
    (a) => document('several operations without operationName', a, `query A { games { id } } query B { me { id } }`),
    (a) => document('a query and a mutation without operationName', a, `query A { games { id } } mutation B { createGroup(input: { name: "two ops" }) { id } }`, { mutation: true }),
    (a) => document('two operations with one name', a, `query A { games { id } } query A { me { id } }`, { operationName: 'A' }),
    (a) => document('anonymous operation beside a named one', a, `{ games { id } } query B { me { id } }`, { operationName: 'B' }),
    (a) => document('subscription over HTTP', a, liveSubscription, { variables: { id: campaign() } }),
    (a) => document('subscription over HTTP GET', a, liveSubscription, { variables: { id: campaign() }, viaGet: true }),
    (a) => document('mutation over GET', a, `mutation { createGroup(input: { name: "over get" }) { id } }`, { viaGet: true, mutation: true }),
    (a) => document('mutation __typename only', a, `mutation { __typename }`, { mutation: true }),
    (a) => document('variable declared with another type', a, `query($id: Int!) { campaign(id: $id) { id } }`, { variables: { id: 5 } }),
    (a) => document('variable of a type that does not exist', a, `query($id: Nope!) { campaign(id: $id) { id } }`, { variables: { id: campaign() } }),
    (a) => document('variable used but not declared', a, `query { campaign(id: $id) { id } }`, { variables: { id: campaign() } }),
    (a) => document('variable declared twice', a, `query($id: ID!, $id: ID!) { campaign(id: $id) { id } }`, { variables: { id: campaign() } }),
    (a) => document('variable of an output type', a, `query($g: Game) { games { id } }`),
    (a) => document('variables with a __proto__ key', a, `query($id: ID!) { campaign(id: $id) { id } }`, { variables: JSON.parse(`{"__proto__": {"id": "x"}, "id": "${campaign()}"}`) }),
    (a) => document('variable default of the wrong type', a, `query($first: Int = "ten") { myCampaigns(first: $first) { edges { node { id } } } }`),
    (a) => document('too many tokens', a, `{ games { ${times(2_100, () => 'id')} } }`),
    (a) => document('60 directives', a, `{ games ${times(60, () => '@include(if: true)')} { id } }`),
    (a) => document('unknown directive', a, `{ games @nope { id } }`),
    (a) => document('directive argument of the wrong type', a, `query($b: Boolean!) { games @include(if: $b) { id } }`, { variables: { b: 'yes' } }),
    (a) => document('directive on the operation', a, `query @skip(if: true) { games { id } }`),
    (a) => document('selection on a leaf', a, `{ games { id { x } } }`),
    (a) => document('object without a selection', a, `{ games }`),
    (a) => document('field that does not exist', a, `{ nope }`),
    (a) => document('field that is a reserved key', a, `{ __proto__ constructor }`),
    (a) => document('__type of a reserved key', a, `{ __type(name: "__proto__") { name fields { name } } }`),
    (a) => document('__type with a NUL', a, `{ __type(name: "Game\\u0000") { name } }`),
    (a) => document('Int literal past 2^31', a, `{ myCampaigns(first: 99999999999999999999) { edges { node { id } } } }`),
    (a) => document('Float literal 1e400', a, `query { replay(procedureId: "dice", input: "{}", rngState: { s0: 1e400, s1: 1, s2: 1, c: 1 }) { seed } }`),
    (a) => document('unterminated string', a, `{ game(id: "twom) { id } }`),
    (a) => document('invalid escape', a, `{ game(id: "\\x41") { id } }`),
    (a) => document('NUL in the document', a, `{ games { id } }\u0000`),
    (a) => document('byte order mark first', a, `\uFEFF{ games { id } }`),
    (a) => document('unbalanced braces', a, `{ games { id }`),
    (a) => document('only a comment', a, `# nothing here`),
    (a) => document('empty document', a, ``),
    (a) => document('block string argument', a, `{ game(id: """twom""") { id } }`),
    (a) => document('1,000 nested lists in an argument', a, `{ contentItems(kinds: ${'['.repeat(1_000)}"x"${']'.repeat(1_000)}) { edges { node { id } } } }`),
    (a) => document('group by id with a literal reserved key', a, `{ group(id: "constructor") { id name } }`),
    (a) => document('group by a stranger id', a, `query($id: ID!) { group(id: $id) { id name kind } }`, { variables: { id: group() } }),
    // Whole requests that are not well-formed GraphQL requests.
    (a) => raw('body that is not JSON', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{ "query": ' }),
    (a) => raw('body that is JSON null', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' }),
    (a) => raw('empty batch', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }),
    (a) => raw('batch of two operations', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ query: '{ games { id } }' }, { query: '{ me { id } }' }]) }),
    (a) => raw('body without a query', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    (a) => raw('query that is a number', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": 42}' }),
    (a) => raw('query that is a list', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ["{ games { id } }"]}' }),
    (a) => raw('variables that are a string', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query($id: ID!) { game(id: $id) { id } }', variables: '{"id":"twom"}' }) }),
    (a) => raw('variables that are a list', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }', variables: [1, 2] }) }),
    (a) => raw('operationName that is an object', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }', operationName: { a: 1 } }) }),
    (a) => raw('extensions that are a string', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }', extensions: 'x' }) }),
    (a) => raw('persisted query hash that does not match', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }) }),
    (a) => raw('persisted query of another version', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ extensions: { persistedQuery: { version: 99, sha256Hash: 'x' } } }) }),
    (a) => raw('text/plain body', a, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ games { id } }' }) }),
    (a) => raw('application/graphql body', a, { method: 'POST', headers: { 'content-type': 'application/graphql' }, body: '{ games { id } }' }),
    (a) => raw('no content type', a, { method: 'POST', headers: {}, body: JSON.stringify({ query: '{ games { id } }' }) }),
    (a) => raw('JSON declared as UTF-16', a, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-16' }, body: JSON.stringify({ query: '{ games { id } }' }) }),
    (a) => raw('body over the size limit', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }', variables: { pad: 'p'.repeat(150_000) } }) }),
    (a) => raw('JSON nested 20,000 deep', a, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"query": "{ games { id } }", "variables": {"x": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}` }),
    (a) => raw('mutation body nested 20,000 deep in JSON args', a, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query": "mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }", "variables": {"input": {"campaignId": "${campaign()}", "clientId": "deep", "actions": [{"seq": 1, "name": "add-note", "args": ${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}}]}}}`,
    }, true),
    (a) => raw('PUT', a, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ games { id } }' }) }),
    (a) => raw('DELETE', a, { method: 'DELETE', headers: {} }),
    (a) => raw('GET without the preflight header', a, { method: 'GET', search: new URLSearchParams({ query: '{ games { id } }' }).toString(), headers: {} }),
    (a) => raw('GET with variables that are not JSON', a, { method: 'GET', search: new URLSearchParams({ query: 'query($id: ID!) { game(id: $id) { id } }', variables: '{id' }).toString(), headers: { 'apollo-require-preflight': 'true' } }),
    (a) => raw('GET without a query', a, { method: 'GET', search: '', headers: { 'apollo-require-preflight': 'true' } }),
    (a) => raw('GET with the query twice', a, { method: 'GET', search: 'query=%7B%20games%20%7B%20id%20%7D%20%7D&query=%7B%20me%20%7B%20id%20%7D%20%7D', headers: { 'apollo-require-preflight': 'true' } }),
    (a) => raw('GET with a 12 kB query string', a, { method: 'GET', search: new URLSearchParams({ query: `{ games { ${times(1_900, () => 'id')} } }` }).toString(), headers: { 'apollo-require-preflight': 'true' } }),
    (a) => raw('authorization that is not a bearer token', a, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Basic dXNlcjpwYXNz' }, body: JSON.stringify({ query: '{ me { id } myCampaigns { edges { node { id } } } }' }) }),
    (a) => raw('bearer token that is not a JWT', a, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer \u00ff\u00fe' }, body: JSON.stringify({ query: '{ me { id } }' }) }),
    (a) => raw('JWT signed with "none"', a, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(`{"sub":"${random.pick(world.values('player'))}"}`).toString('base64url')}.` },
      body: JSON.stringify({ query: '{ me { id } myCampaigns { edges { node { id } } } }' }),
    }),
    (a) => raw('mutation with a forged token', a, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.${'A'.repeat(43)}` },
      body: JSON.stringify({ query: 'mutation { createGroup(input: { name: "forged" }) { id } }' }),
    }, true),
  ];
}
