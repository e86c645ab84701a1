import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, REPLAY_SAFE_HEADER, verifyGatewaySignature } from '@scriptbook/platform';
import { GatewayContext, SubgraphDataSource, SubgraphDataSourceOptions } from './subgraph-data-source';
import { SubgraphUnavailableError } from './subgraph-unavailable';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A stand-in subgraph on a loopback port, answering whatever the test says. */
async function fakeSubgraph(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, server };
}

/** What the gateway hands a data source; only the request and the context matter to this one. */
function processOptions(
  context: GatewayContext = {},
  request: Record<string, unknown> = { query: 'query Q($id: ID!) { card(id: $id) { id } }', operationName: 'Q', variables: { id: 'twom:card:1' } },
): GraphQLDataSourceProcessOptions<GatewayContext> {
  return { kind: 'incoming operation', request, context } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
}

const SECRET = 'a-signing-secret-of-at-least-thirty-two-characters';

describe('SubgraphDataSource', () => {
  const opened: { server: Server; source: SubgraphDataSource }[] = [];
  async function sourceFor(handler: Handler, timeoutMs = 2_000, extra: Partial<SubgraphDataSourceOptions> = {}): Promise<SubgraphDataSource> {
    const { url, server } = await fakeSubgraph(handler);
    const source = new SubgraphDataSource('content', url, { timeoutMs, ...extra });
    opened.push({ server, source });
    return source;
  }

  afterEach(async () => {
    for (const { server, source } of opened.splice(0)) {
      await source.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('posts the planned operation as JSON with the caller’s token, and returns the subgraph’s answer', async () => {
    let seen: { path?: string; authorization?: string; contentType?: string; body?: unknown } = {};
    const source = await sourceFor((req, body, res) => {
      seen = { path: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(body) };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"card":{"id":"twom:card:1"}}}');
    });
    const answer = await source.process(processOptions({ authorization: 'Bearer abc' }));
    expect(answer).toEqual({ data: { card: { id: 'twom:card:1' } } });
    expect(seen).toEqual({
      path: '/graphql',
      authorization: 'Bearer abc',
      contentType: 'application/json',
      body: { query: 'query Q($id: ID!) { card(id: $id) { id } }', operationName: 'Q', variables: { id: 'twom:card:1' } },
    });
  });

  it('sends no Authorization header when the caller has none', async () => {
    let authorization: string | undefined = 'unset';
    const source = await sourceFor((req, _body, res) => {
      authorization = req.headers.authorization;
      res.writeHead(200).end('{"data":{}}');
    });
    await source.process(processOptions());
    expect(authorization).toBeUndefined();
  });

  it('marks every call but a mutation’s as safe to send twice, for a load balancer that retries', async () => {
    const marks: (string | undefined)[] = [];
    const source = await sourceFor((req, _body, res) => {
      marks.push(req.headers[REPLAY_SAFE_HEADER] as string | undefined);
      res.writeHead(200).end('{"data":{}}');
    });
    await source.process(processOptions());
    await source.process(processOptions({}, { query: 'query($representations: [_Any!]!) { _entities(representations: $representations) { __typename } }' }));
    await source.process(processOptions({}, { query: 'mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }' }));
    await source.process(processOptions({}, { query: '  mutation Named { deleteWebhook(id: "x") }' }));
    expect(marks).toEqual(['1', '1', undefined, undefined]);
  });

  it('passes on a GraphQL answer that comes with an error status', async () => {
    const source = await sourceFor((_req, _body, res) =>
      res.writeHead(400).end('{"errors":[{"message":"Variable \\"$id\\" got invalid value","extensions":{"code":"BAD_USER_INPUT"}}]}'),
    );
    const answer = await source.process(processOptions());
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('signs the exact body with the client address, and the subgraph can verify it', async () => {
    let seen: { signature?: string | string[]; address?: string | string[]; body: string } = { body: '' };
    const source = await sourceFor(
      (req, body, res) => {
        seen = { signature: req.headers[GATEWAY_SIGNATURE_HEADER], address: req.headers[GATEWAY_CLIENT_ADDRESS_HEADER], body };
        res.writeHead(200).end('{"data":{}}');
      },
      2_000,
      { signingSecret: SECRET },
    );
    await source.process(processOptions({ clientAddress: '203.0.113.7' }));
    expect(seen.address).toBe('203.0.113.7');
    expect(verifyGatewaySignature(SECRET, seen.signature, seen.body, '203.0.113.7')).toEqual({ valid: true });
    expect(verifyGatewaySignature(SECRET, seen.signature, seen.body, '198.51.100.1')).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyGatewaySignature('another-secret-of-at-least-thirty-two-chars', seen.signature, seen.body, '203.0.113.7').valid).toBe(false);
  });

  it('signs for an empty address when the client address is unknown, and sends no signature without a secret', async () => {
    const seen: { signature?: string | string[]; address?: string | string[]; body: string }[] = [];
    const handler: Handler = (req, body, res) => {
      seen.push({ signature: req.headers[GATEWAY_SIGNATURE_HEADER], address: req.headers[GATEWAY_CLIENT_ADDRESS_HEADER], body });
      res.writeHead(200).end('{"data":{}}');
    };
    await (await sourceFor(handler, 2_000, { signingSecret: SECRET })).process(processOptions());
    await (await sourceFor(handler)).process(processOptions({ clientAddress: '203.0.113.7' }));
    expect(seen[0].address).toBe('');
    expect(verifyGatewaySignature(SECRET, seen[0].signature, seen[0].body, '')).toEqual({ valid: true });
    expect(seen[1]).toMatchObject({ signature: undefined, address: undefined });
  });

  it('answers SERVICE_UNAVAILABLE at each root field it was asked for when the answer is not GraphQL', async () => {
    const failures: SubgraphUnavailableError[] = [];
    const source = await sourceFor((_req, _body, res) => res.writeHead(502).end('<html>Bad Gateway</html>'), 2_000, {
      onUnavailable: (failure) => failures.push(failure),
    });
    const answer = await source.process(processOptions({}, { query: '{ games { id } first: card(id: "a") { id } __typename }' }));
    expect(answer.data).toBeNull();
    expect(answer.errors!.map((error) => [error.path, error.extensions?.code])).toEqual([
      [['games'], 'SERVICE_UNAVAILABLE'],
      [['first'], 'SERVICE_UNAVAILABLE'],
    ]);
    expect(answer.errors![0].message).toBe('The content service gave an answer that is not GraphQL; the fields it serves are missing from this answer');
    expect(failures.map((failure) => failure.reason)).toEqual(['not-graphql']);
    const array = await sourceFor((_req, _body, res) => res.writeHead(200).end('[1,2]'));
    expect((await array.process(processOptions())).errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers one error per entity asked for, so the gateway can place each', async () => {
    const source = await sourceFor((_req, _body, res) => res.writeHead(503).end('down'));
    const answer = await source.process(
      processOptions({}, { query: 'query($representations:[_Any!]!){_entities(representations:$representations){... on Game{name}}}', variables: { representations: [{}, {}, {}] } }),
    );
    expect(answer.errors!.map((error) => error.path)).toEqual([
      ['_entities', 0],
      ['_entities', 1],
      ['_entities', 2],
    ]);
  });

  it('says the subgraph did not answer in time when it is frozen, without its address', async () => {
    const slow = await sourceFor(() => undefined, 100);
    const answer = await slow.process(processOptions());
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({ path: ['card'], extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(answer.errors![0].message).toMatch(/^The content service did not answer in time/);
    expect(answer.errors![0].message).not.toMatch(/127\.0\.0\.1/);
  });

  it('says the subgraph could not be reached when nothing listens, keeping the cause for the log', async () => {
    const failures: SubgraphUnavailableError[] = [];
    const source = new SubgraphDataSource('rules', 'http://127.0.0.1:9/graphql', { timeoutMs: 1_000, onUnavailable: (f) => failures.push(f) });
    const answer = await source.process(processOptions());
    expect(answer.errors![0].message).toMatch(/^The rules service could not be reached/);
    expect(failures[0].cause).toBeDefined();
    await source.close();
  });

  it('reuses its connections instead of opening one per request', async () => {
    const sockets = new Set<unknown>();
    const source = await sourceFor((req, _body, res) => {
      sockets.add(req.socket);
      res.writeHead(200).end('{"data":{}}');
    });
    for (let i = 0; i < 20; i++) await source.process(processOptions());
    // The pool may open a second connection while the first is finishing a response.
    expect(sockets.size).toBeLessThanOrEqual(2);
  });
});
