import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { postWebhook } from './webhook-transport';

describe('a webhook attempt', () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/drip') {
        // Keeps the connection busy without ever finishing the answer.
        res.writeHead(200);
        const drip = setInterval(() => res.write('.'), 20);
        res.on('close', () => clearInterval(drip));
        return;
      }
      res.writeHead(req.url === '/fail' ? 500 : req.url === '/moved' ? 302 : 204, req.url === '/moved' ? { location: 'http://10.0.0.1/' } : {}).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const attempt = (path: string, allowLocal: boolean, host = '127.0.0.1') =>
    postWebhook({ url: `http://${host}:${port}${path}`, body: '{}', headers: { 'Scriptbook-Delivery': 'd1' }, timeoutMs: 500, allowLocal });

  it('never connects to a loopback address unless local endpoints are allowed, whatever the name', async () => {
    expect(await attempt('/refused', false)).toEqual({ ok: false, status: null, error: expect.stringMatching(/127\.0\.0\.1, a loopback address/) });
    expect(await attempt('/refused', false, 'localhost')).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/loopback/) });
    expect(seen).not.toContain('/refused');
    expect(await attempt('/ok', true)).toEqual({ ok: true, status: 204 });
  });

  it('counts any status outside 2xx as a failure and follows no redirect', async () => {
    expect(await attempt('/fail', true)).toEqual({ ok: false, status: 500, error: 'HTTP 500' });
    expect(await attempt('/moved', true)).toEqual({ ok: false, status: 302, error: 'HTTP 302' });
  });

  it('gives up on a receiver that drips its answer past the deadline', async () => {
    expect(await attempt('/drip', true)).toMatchObject({ ok: false, error: 'no answer within 500 ms' });
  });
});
