import type { Server } from 'node:http';
import { connect } from 'node:net';
import { RunningService, startService } from './bootstrap';
import { probeSubgraph } from '../testing/probe-subgraph';
import { TEST_SECRETS } from '../testing/test-environment';

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS };

interface RawAnswer {
  readonly status: number;
  readonly headers: string;
  readonly body: string;
}

/**
 * One request over a bare socket, so nothing in between (no client-side
 * timeout, no retries) hides a server that never answers. Fails after
 * `withinMs` with what was received so far.
 */
function rawRequest(url: string, request: string, withinMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${withinMs} ms; received ${received.length} bytes: ${JSON.stringify(received)}`));
    }, withinMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return;
      const headers = received.slice(0, split);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1] ?? NaN);
      const body = received.slice(split + 4);
      if (Buffer.byteLength(body) < length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(headers.split(' ')[1]), headers, body });
    });
    socket.on('error', (error) => (clearTimeout(timer), reject(error)));
    socket.write(request);
  });
}

function post(path: string, body: string, contentType = 'application/json'): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('every request to a process gets an answer', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(probeSubgraph, ENV);
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('answers 20 malformed GraphQL bodies with 400 JSON, none left hanging', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => rawRequest(service.url, post('/graphql', `{"query": ${'['.repeat(i)}`))));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.headers).toMatch(/\r\ncontent-type: application\/json/i);
      expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'Request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it('answers 20 unknown paths with 404 JSON, whatever the method', async () => {
    const requests = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? `GET /nope/${i} HTTP/1.1\r\nHost: x\r\n\r\n` : post(`/nope/${i}`, '{"a":1}'),
    );
    const answers = await Promise.all(requests.map((request) => rawRequest(service.url, request)));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'Nothing is served at this path', extensions: { code: 'NOT_FOUND' } }] });
    }
  });

  it('answers a malformed body on an unknown path, and a body over the limit, with JSON', async () => {
    const malformed = await rawRequest(service.url, post('/nope', '{"query": '));
    expect(malformed.status).toBe(400);
    const tooLarge = await rawRequest(service.url, post('/graphql', JSON.stringify({ query: 'x'.repeat(1_100_000) })), 10_000);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers a GET whose URL is over the header limit with 431 JSON saying to POST it, and bytes that are not HTTP with 400 JSON', async () => {
    const longGet = await rawRequest(service.url, `GET /graphql?query=${'%7B'.repeat(7_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longGet.status).toBe(431);
    expect(longGet.headers).toMatch(/\r\ncontent-type: application\/json/i);
    expect(longGet.headers).toMatch(/\r\nconnection: close/i);
    expect(longGet.headers).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(JSON.parse(longGet.body)).toEqual({ errors: [{ message: expect.stringContaining('as a POST'), extensions: { code: 'BAD_REQUEST' } }] });
    const longHeader = await rawRequest(service.url, `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(longHeader.status).toBe(431);
    const notHttp = await rawRequest(service.url, 'HELLO\r\n\r\n');
    expect(notHttp.status).toBe(400);
    expect(JSON.parse(notHttp.body)).toEqual({ errors: [{ message: 'The request is not valid HTTP', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('marks its answers nosniff, error or not', async () => {
    const unknown = await fetch(`${service.url}/nope`);
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
    const health = await fetch(`${service.url}/health/live`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('bounds every connection in time', () => {
    const server = service.app.getHttpServer() as Server;
    expect({ headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout }).toEqual({
      headers: 10_000,
      request: 30_000,
      keepAlive: 5_000,
    });
  });

  it('serves /metrics on its own port and not on the public one', async () => {
    expect(new URL(service.metricsUrl).port).not.toBe(new URL(service.url).port);
    const metrics = await fetch(service.metricsUrl);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^process_cpu_user_seconds_total\{service="probe"\} /m);
    expect((await fetch(`${service.url}/metrics`)).status).toBe(404);
    const elsewhere = await fetch(service.metricsUrl.replace(/\/metrics$/, '/graphql'));
    expect(elsewhere.status).toBe(404);
  });
});

describe('server timeouts', () => {
  it('closes a connection that never finishes its headers', async () => {
    // Node enforces these timeouts when it sweeps its connections, which the
    // service does at a quarter of the headers timeout (Node alone: every 30 s).
    const service = await startService(probeSubgraph, { ...ENV, HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    try {
      const { hostname, port } = new URL(service.url);
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname, () => socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\n'));
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('close', () => resolve(received));
      });
      expect(outcome).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(outcome.slice(outcome.indexOf('\r\n\r\n') + 4)).errors[0].extensions).toEqual({ code: 'BAD_REQUEST' });
      // Headers timeout plus one sweep, with room for a loaded machine; Node's own 30 s sweep would miss it.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await service.stop();
    }
  });
});
