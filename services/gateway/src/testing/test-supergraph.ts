import { composeServices } from '@apollo/composition';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request as a subgraph received it, kept so a test can check what the gateway sent. */
export interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface TestSubgraphDefinition {
  readonly name: string;
  readonly typeDefs: string;
  readonly resolvers: Record<string, Record<string, unknown>>;
}

/**
 * A real Federation 2 subgraph (@apollo/subgraph on @apollo/server) on a
 * loopback port, which a test can freeze (it keeps accepting connections
 * and never answers) or stop (nothing listens any more).
 */
export class TestSubgraph {
  readonly received: ReceivedRequest[] = [];
  private frozen = false;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly definition: TestSubgraphDefinition,
    private readonly apollo: ApolloServer,
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(definition: TestSubgraphDefinition): Promise<TestSubgraph> {
    const apollo = new ApolloServer({
      schema: buildSubgraphSchema([{ typeDefs: parse(definition.typeDefs), resolvers: definition.resolvers as never }]),
      plugins: [ApolloServerPluginInlineTraceDisabled()],
    });
    await apollo.start();
    let subgraph: TestSubgraph | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!subgraph || subgraph.frozen) return;
        const body = Buffer.concat(chunks).toString('utf8');
        subgraph.received.push({ headers: req.headers, body });
        const headers = new HeaderMap();
        for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
        apollo
          .executeHTTPGraphQLRequest({
            httpGraphQLRequest: { method: 'POST', headers, search: '', body: JSON.parse(body) },
            context: async () => ({}),
          })
          .then((response) => {
            const text = response.body.kind === 'complete' ? response.body.string : '';
            res.writeHead(response.status ?? 200, { 'content-type': 'application/json' }).end(text);
          });
      });
    });
    server.on('connection', (socket: Socket) => {
      subgraph?.sockets.add(socket);
      socket.on('close', () => subgraph?.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    subgraph = new TestSubgraph(definition, apollo, server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
    return subgraph;
  }

  /** From now on requests are read and never answered, like a process stuck in a loop. */
  freeze(): void {
    this.frozen = true;
  }

  /** Stops listening and drops every connection: the next call is refused. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.apollo.stop();
  }
}

/** A supergraph composed from the test's subgraphs, written where `SUPERGRAPH_PATH` can name it. */
export class TestSupergraph {
  private readonly dir = mkdtempSync(join(tmpdir(), 'supergraph-'));
  readonly path = join(this.dir, 'supergraph.graphql');

  constructor(subgraphs: readonly TestSubgraph[]) {
    const composed = composeServices(
      subgraphs.map((subgraph) => ({ name: subgraph.definition.name, typeDefs: parse(subgraph.definition.typeDefs), url: subgraph.url })),
    );
    if (composed.errors) throw new Error(`test supergraph does not compose: ${composed.errors.map((error) => error.message).join('; ')}`);
    writeFileSync(this.path, composed.supergraphSdl);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
