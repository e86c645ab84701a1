import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP pass-through in front of a real subgraph that counts the GraphQL
 * operations sent to it, so a test can tell whether an answer came from a
 * cache. It can also stand in for a new content release: while
 * `contentHashOverride` is set, `contentVersion` queries get that hash.
 */
export class CountingProxy {
  /** Each operation forwarded, by its query text. */
  readonly operations: string[] = [];
  contentHashOverride?: string;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<CountingProxy> {
    let instance: CountingProxy | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const query = body ? ((JSON.parse(body) as { query?: string }).query ?? '') : '';
        if (req.method === 'POST') instance!.operations.push(query);
        if (instance!.contentHashOverride && /contentVersion/.test(query)) {
          const answer = JSON.stringify({ data: { contentVersion: { hash: instance!.contentHashOverride } } });
          res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
          return;
        }
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
        fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? body : undefined })
          .then(async (response) => {
            const text = await response.text();
            res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' }).end(text);
          })
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instance = new CountingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return instance;
  }

  /** Operations forwarded other than the gateway's own content-version checks. */
  clientOperations(): string[] {
    return this.operations.filter((query) => !/contentVersion|_service/.test(query));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
