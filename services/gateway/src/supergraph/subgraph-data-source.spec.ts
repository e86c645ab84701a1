import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayContext, SubgraphDataSource } from './subgraph-data-source';

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
function processOptions(context: GatewayContext = {}): GraphQLDataSourceProcessOptions<GatewayContext> {
  return {
    kind: 'incoming operation',
    request: { query: 'query Q($id: ID!) { card(id: $id) { id } }', operationName: 'Q', variables: { id: 'twom:card:1' } },
    context,
  } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
}

describe('SubgraphDataSource', () => {
  const opened: { server: Server; source: SubgraphDataSource }[] = [];
  async function sourceFor(handler: Handler, timeoutMs = 2_000): Promise<SubgraphDataSource> {
    const { url, server } = await fakeSubgraph(handler);
    const source = new SubgraphDataSource('content', url, { timeoutMs });
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

  it('passes on a GraphQL answer that comes with an error status', async () => {
    const source = await sourceFor((_req, _body, res) =>
      res.writeHead(400).end('{"errors":[{"message":"Variable \\"$id\\" got invalid value","extensions":{"code":"BAD_USER_INPUT"}}]}'),
    );
    const answer = await source.process(processOptions());
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('fails, naming the subgraph, on an answer that is not GraphQL', async () => {
    const source = await sourceFor((_req, _body, res) => res.writeHead(502).end('<html>Bad Gateway</html>'));
    await expect(source.process(processOptions())).rejects.toThrow('Subgraph content answered HTTP 502 without a GraphQL response');
    const array = await sourceFor((_req, _body, res) => res.writeHead(200).end('[1,2]'));
    await expect(array.process(processOptions())).rejects.toThrow(/without a GraphQL response/);
  });

  it('fails, naming the subgraph, when nothing answers in time', async () => {
    const slow = await sourceFor(() => undefined, 100);
    await expect(slow.process(processOptions())).rejects.toThrow('Subgraph content could not be reached');
  });

  it('fails, naming the subgraph, when nothing listens', async () => {
    const source = new SubgraphDataSource('rules', 'http://127.0.0.1:9/graphql', { timeoutMs: 1_000 });
    await expect(source.process(processOptions())).rejects.toThrow('Subgraph rules could not be reached');
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
