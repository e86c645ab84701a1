import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { documentedVerifier } from './verification-snippet';

/** One request the receiver got: a delivery's attempt, as it arrived. */
export interface ReceivedDelivery {
  readonly path: string;
  readonly deliveryId: string;
  readonly event: string;
  readonly verified: boolean;
  /** The status it was answered with (401 when the signature did not verify), or 'hold' for one never answered. */
  readonly answered: number | 'hold';
  readonly body: { id: string; type: string; version: number; occurredAt: string; data: Record<string, unknown> };
}

/**
 * A community site's receiver: checks every request with the documented
 * snippet against the secret of the endpoint its path stands for, records
 * it, and answers as its path's behaviour says.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  readonly secrets = new Map<string, string>();
  /** path -> how to answer the n-th request of a delivery (1-based); 'hold' never answers. */
  readonly behaviour = new Map<string, (attempt: number) => number | 'hold'>();
  private readonly verify = documentedVerifier();
  private server!: Server;
  readonly held: ServerResponse[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }

  of(path: string): ReceivedDelivery[] {
    return this.received.filter((r) => r.path === path);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      const deliveryId = String(req.headers['scriptbook-delivery']);
      const verified = this.verify(this.secrets.get(path) ?? '', req.headers['scriptbook-signature'] as string | undefined, raw);
      const attempt = this.received.filter((r) => r.path === path && r.deliveryId === deliveryId).length + 1;
      const behaviour = (this.behaviour.get(path) ?? (() => 200))(attempt);
      const answered = behaviour === 'hold' || verified ? behaviour : 401;
      this.received.push({ path, deliveryId, event: String(req.headers['scriptbook-event']), verified, answered, body: JSON.parse(raw) });
      if (answered === 'hold') {
        this.held.push(res);
        return;
      }
      res.writeHead(answered).end();
    });
  }
}
