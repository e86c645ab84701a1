import { spawnSync } from 'node:child_process';
import { createServer, get as httpGet, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { REPLAY_SAFE_HEADER } from '@scriptbook/platform/graphql/replay-safety';
import { haproxyBinary, haproxyConfig, RunningHaproxy, startHaproxy } from './haproxy';

/**
 * A real haproxy (Debian's package; HAPROXY_BIN to use another) in front of
 * two small HTTP servers standing in for gateways: each answers
 * /health/ready, says who it is and what X-Forwarded-For it got, and
 * serves a WebSocket on /graphql/ws.
 */

interface FakeGateway {
  readonly name: string;
  readonly port: number;
  /** Answers every request except the health check by dropping the connection, as a process dying mid-request does. */
  dropRequests: boolean;
  /** Requests other than health checks that reached it, answered or dropped. */
  received: number;
  /** Stops listening and cuts every open connection, as a killed process does. */
  kill(): Promise<void>;
  /** Listens again on the same port. */
  revive(): Promise<void>;
}

async function fakeGateway(name: string): Promise<FakeGateway> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/health/ready') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    gateway.received += 1;
    if (gateway.dropRequests) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  };
  let server: Server;
  let sockets: WebSocketServer;
  const listen = (port: number) =>
    new Promise<number>((resolveListen, reject) => {
      server = createServer(handler);
      sockets = new WebSocketServer({ server, path: '/graphql/ws' });
      sockets.on('connection', (socket, req) => {
        socket.on('message', (data) => socket.send(JSON.stringify({ name, echo: data.toString(), forwardedFor: req.headers['x-forwarded-for'] ?? null })));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolveListen((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const gateway: FakeGateway = {
    name,
    port,
    dropRequests: false,
    received: 0,
    kill: () =>
      new Promise<void>((resolveKill) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolveKill());
        server.closeAllConnections();
      }),
    revive: async () => {
      await listen(port);
    },
  };
  return gateway;
}

async function who(base: string, init?: RequestInit): Promise<{ status: number; name?: string; forwardedFor?: string | null }> {
  const response = await fetch(`${base}/who`, init);
  if (response.status !== 200) return { status: response.status };
  return { status: 200, ...((await response.json()) as { name: string; forwardedFor: string | null }) };
}

/** One request on a connection of its own, closed after the answer. */
function whoOnFreshConnection(base: string): Promise<{ status: number; name?: string }> {
  return new Promise((resolveWho, reject) => {
    const req = httpGet(`${base}/who`, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolveWho(res.statusCode === 200 ? { status: 200, ...(JSON.parse(body) as { name: string }) } : { status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Sends requests one after another for `ms`, and reports every answer (a thrown fetch counts as status 0, with its cause). */
async function hammer(base: string, ms: number, ask: typeof who = who): Promise<{ status: number; name?: string; error?: string }[]> {
  const answers: { status: number; name?: string; error?: string }[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    answers.push(
      await ask(base).catch((error: Error & { cause?: { code?: string; message?: string } }) => ({
        status: 0,
        error: error.cause?.code ?? error.cause?.message ?? error.message,
      })),
    );
  }
  return answers;
}

const waitFor = async (what: string, check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('haproxy in front of two gateways', () => {
  let a: FakeGateway;
  let b: FakeGateway;
  let proxy: RunningHaproxy;

  beforeAll(async () => {
    [a, b] = await Promise.all([fakeGateway('a'), fakeGateway('b')]);
    proxy = await startHaproxy({
      upstreams: [
        { name: 'a', url: `http://127.0.0.1:${a.port}` },
        { name: 'b', url: `http://127.0.0.1:${b.port}` },
      ],
      trustReplaySafeHeader: true,
    });
  });

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([a, b].filter(Boolean).map((gateway) => gateway.kill().catch(() => undefined)));
  });

  it('writes round robin, the health check, retries, WebSocket timeouts and X-Forwarded-For into its configuration', () => {
    const config = haproxyConfig({ upstreams: [{ name: 'gw1', url: 'http://10.0.0.1:4000/graphql' }], bind: ':4000' });
    expect(config).toContain('  mode http\n');
    expect(config).toContain('  balance roundrobin\n');
    expect(config).toContain('  http-check send meth GET uri /health/ready\n');
    expect(config).toContain('  default-server inter 500ms fastinter 500ms downinter 500ms fall 2 rise 1\n');
    expect(config).toContain('  retry-on conn-failure empty-response\n');
    expect(config).toContain('  acl replay_safe method GET HEAD\n  http-request disable-l7-retry if !replay_safe\n');
    expect(config).not.toContain(REPLAY_SAFE_HEADER);
    expect(haproxyConfig({ upstreams: [{ name: 'gw1', url: 'http://10.0.0.1:4000' }], bind: ':4000', trustReplaySafeHeader: true })).toContain(
      `  acl replay_safe req.hdr(${REPLAY_SAFE_HEADER}) -m str 1\n`,
    );
    expect(config).toContain('  option redispatch 1\n');
    expect(config).toContain('  option forwardfor\n');
    expect(config).toContain('  timeout tunnel 1h\n');
    expect(config).toContain('  timeout client 30s\n');
    expect(config).toContain('  server gw1 10.0.0.1:4000 check\n');
    expect(() => haproxyConfig({ upstreams: [{ name: 'x', url: 'https://10.0.0.1' }], bind: ':1' })).toThrow(/http:\/\//);
    expect(() => haproxyConfig({ upstreams: [], bind: ':1' })).toThrow(/at least one/);
  });

  it('accepts deploy/haproxy/haproxy.cfg, the configuration docker-compose.scaled.yml mounts', () => {
    // The gateways' names resolve only inside the compose network; init-addr none lets the check pass without them.
    const check = spawnSync(haproxyBinary(), ['-c', '-f', join(__dirname, '..', '..', 'deploy', 'haproxy', 'haproxy.cfg')], { encoding: 'utf8' });
    expect({ status: check.status, output: check.status === 0 ? '' : `${check.stdout}${check.stderr}` }).toEqual({ status: 0, output: '' });
  });

  it('spreads requests over both gateways and tells them the client address', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => who(proxy.url)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.name))).toEqual(new Set(['a', 'b']));
    expect(new Set(answers.map((answer) => answer.forwardedFor))).toEqual(new Set(['127.0.0.1']));
  });

  it('passes a WebSocket upgrade on /graphql/ws through to a gateway', async () => {
    const socket = new WebSocket(`${proxy.url.replace(/^http/, 'ws')}/graphql/ws`);
    const reply = await new Promise<{ name: string; echo: string; forwardedFor: string | null }>((resolveReply, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send('hello'));
      socket.once('message', (data) => resolveReply(JSON.parse(data.toString())));
    });
    socket.close();
    expect(['a', 'b']).toContain(reply.name);
    expect(reply).toEqual(expect.objectContaining({ echo: 'hello', forwardedFor: '127.0.0.1' }));
  });

  it('sends a request that got no answer at all to the other gateway', async () => {
    a.dropRequests = true;
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => who(proxy.url)));
      expect(answers).toEqual(Array(6).fill(expect.objectContaining({ status: 200, name: 'b' })));
    } finally {
      a.dropRequests = false;
    }
  });

  it('sends a POST that got no answer to the other server only when it is marked safe to send twice', async () => {
    // A failed one is a 502, or a closed connection where HAProxy leaves the retry to a client that sent on a reused one (status 0).
    const post = (marked: boolean) =>
      who(proxy.url, { method: 'POST', body: '{}', headers: marked ? { [REPLAY_SAFE_HEADER]: '1' } : {} }).catch(() => ({ status: 0, name: undefined }));
    a.dropRequests = true;
    try {
      const marked = await Promise.all(Array.from({ length: 6 }, () => post(true)));
      expect(marked).toEqual(Array(6).fill(expect.objectContaining({ status: 200, name: 'b' })));
      const before = { a: a.received, b: b.received };
      const unmarked = await Promise.all(Array.from({ length: 6 }, () => post(false)));
      // Round robin gives a some of them: those fail, and reach no other server, since a may have applied them.
      const failed = unmarked.filter((answer) => answer.status !== 200);
      expect(failed.length).toBe(a.received - before.a);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((answer) => answer.status === 502 || answer.status === 0)).toBe(true);
      expect(b.received - before.b).toBe(6 - failed.length);
    } finally {
      a.dropRequests = false;
    }
  });

  it('keeps answering every request when a gateway is killed, takes it out within about a second and back when it answers again', async () => {
    const killedAt = Date.now();
    await a.kill();
    const during = await hammer(proxy.url, 1_200);
    expect(during.length).toBeGreaterThan(10);
    expect(during.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(during.map((answer) => answer.name))).toEqual(new Set(['b']));
    await waitFor('haproxy to mark a down', () => proxy.log.some((line) => /Server gateways\/a is DOWN/.test(line)), 2_000);
    expect(Date.now() - killedAt).toBeLessThan(3_000);

    await a.revive();
    await waitFor('haproxy to mark a up', () => proxy.log.some((line) => /Server gateways\/a is UP/.test(line)), 3_000);
    // Back in rotation: it gets requests again (round robin may give it a few in a row first).
    const after = await Promise.all(Array.from({ length: 10 }, () => who(proxy.url)));
    expect(after.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(after.map((answer) => answer.name)).toContain('a');
  });

  // A reload closes the old process's idle keep-alive connections, as any
  // server may close an idle one: a client that sends on one just then sees
  // it closed and retries (browsers do for idempotent requests). What a
  // reload must not do is refuse or drop a connection: these open a new one
  // for every request.
  it('reloads a new list of gateways without refusing or dropping a connection', async () => {
    const reloading = hammer(proxy.url, 800, whoOnFreshConnection);
    await proxy.reload([{ name: 'b', url: `http://127.0.0.1:${b.port}` }]);
    const during = await reloading;
    expect(during.filter((answer) => answer.status !== 200)).toEqual([]);
    const after = await Promise.all(Array.from({ length: 6 }, () => who(proxy.url)));
    expect(new Set(after.map((answer) => answer.name))).toEqual(new Set(['b']));
  });
});
