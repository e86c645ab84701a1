import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPLAY_SAFE_HEADER } from '@scriptbook/platform/graphql/replay-safety';

/**
 * A real HAProxy in front of several HTTP servers (gateways), for tests and
 * local runs of the scaled-out shape. It balances requests round robin,
 * checks each server's `GET /health/ready` every half second so a stopped
 * server leaves the rotation within about a second and comes back on its
 * first good answer, retries a request whose connection failed on another
 * server (and one that got no answer at all, when it is safe to send
 * twice), passes WebSocket upgrades through, and adds the client's address
 * to X-Forwarded-For.
 *
 * The gateway believes X-Forwarded-For only from the addresses in its
 * TRUSTED_PROXIES setting: behind this proxy, set it to the proxy's address
 * (here `127.0.0.1`), or every client shares the proxy's rate-limit bucket.
 *
 * The same configuration, with DNS names and a resolver, is what
 * `deploy/haproxy/haproxy.cfg` holds for docker-compose.scaled.yml.
 */

export interface Upstream {
  /** The server's name in HAProxy's configuration and logs: letters, digits, `-`, `_` and `.`. */
  readonly name: string;
  /** `http://host:port`; a path, if any, is ignored (HAProxy forwards each request's own path). */
  readonly url: string;
}

export interface HaproxyConfigOptions {
  readonly upstreams: readonly Upstream[];
  /** Address and port to listen on, as HAProxy's `bind` takes it (`127.0.0.1:8080`, `:4000`). */
  readonly bind: string;
  /** Path of every server's health check. */
  readonly healthPath?: string;
  /** Time between two health checks of one server. */
  readonly checkIntervalMs?: number;
  /** Failed checks in a row that take a server out. */
  readonly fall?: number;
  /** Good checks in a row that put it back. */
  readonly rise?: number;
  /** How many times a request whose connection failed, or that got no answer at all, is tried again (on another server). */
  readonly retries?: number;
  /**
   * Believe REPLAY_SAFE_HEADER: a POST that carries it and got no answer is
   * sent again too. Only in front of subgraphs, where the gateway sets it;
   * in front of the gateways, where any client could, only GET and HEAD are.
   */
  readonly trustReplaySafeHeader?: boolean;
  /** Idle time allowed on either side of an HTTP exchange. */
  readonly httpTimeoutMs?: number;
  /** Idle time allowed on an upgraded connection (WebSocket). */
  readonly tunnelTimeoutMs?: number;
  /**
   * DNS servers (`host:port`) to resolve the upstreams' names with at run
   * time, so a server that comes back at another address is found again
   * (Docker's embedded DNS is `127.0.0.11:53`). Without them, names are
   * resolved once, at start, and must resolve then.
   */
  readonly nameservers?: readonly string[];
  /** Most connections at once, over all frontends. */
  readonly maxConnections?: number;
}

const SERVER_NAME = /^[A-Za-z0-9_.-]+$/;

/** host:port of an http:// URL, as a `server` line takes it. */
function serverAddress(upstream: Upstream): string {
  if (!SERVER_NAME.test(upstream.name)) throw new Error(`upstream name ${JSON.stringify(upstream.name)}: letters, digits, '-', '_' and '.' only`);
  const url = new URL(upstream.url);
  if (url.protocol !== 'http:') throw new Error(`upstream ${upstream.name}: only http:// URLs are supported, got ${upstream.url}`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return `${host}:${url.port || '80'}`;
}

/** A duration as HAProxy reads it, in the largest unit that divides it. */
function duration(ms: number): string {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`a duration must be a positive number of milliseconds, got ${ms}`);
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1_000 === 0) return `${ms / 1_000}s`;
  return `${ms}ms`;
}

/** The configuration file's text. */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const {
    upstreams,
    bind,
    healthPath = '/health/ready',
    checkIntervalMs = 500,
    fall = 2,
    rise = 1,
    retries = 2,
    trustReplaySafeHeader = false,
    httpTimeoutMs = 30_000,
    tunnelTimeoutMs = 3_600_000,
    nameservers = [],
    maxConnections = 4096,
  } = options;
  if (upstreams.length === 0) throw new Error('haproxy needs at least one upstream');
  const names = upstreams.map((u) => u.name);
  if (new Set(names).size !== names.length) throw new Error(`upstream names must differ: ${names.join(', ')}`);
  if (!/^\/[^\s]*$/.test(healthPath)) throw new Error(`healthPath must be a path without spaces, got ${JSON.stringify(healthPath)}`);
  const resolving = nameservers.length > 0;

  const lines = [
    'global',
    `  maxconn ${maxConnections}`,
    '',
    ...(resolving
      ? ['resolvers dns', ...nameservers.map((address, index) => `  nameserver ns${index + 1} ${address}`), '  hold valid 10s', '  accepted_payload_size 8192', '']
      : []),
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    `  timeout client ${duration(httpTimeoutMs)}`,
    `  timeout server ${duration(httpTimeoutMs)}`,
    '  timeout http-request 10s',
    '  timeout queue 5s',
    '  # WebSockets (graphql-ws on /graphql/ws): an upgraded connection may stay idle this long.',
    `  timeout tunnel ${duration(tunnelTimeoutMs)}`,
    '  timeout client-fin 5s',
    '  timeout check 1s',
    '',
    'frontend gateways',
    `  bind ${bind}`,
    '  # The gateway reads the client address from X-Forwarded-For when the',
    "  # connection comes from one of its TRUSTED_PROXIES: this proxy's address.",
    '  option forwardfor',
    '  default_backend gateways',
    '',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${healthPath}`,
    '  http-check expect status 200',
    '  # A request whose connection failed was never sent: it is sent again, to',
    '  # another server. One that got nothing back before its server went away',
    '  # may have been applied there, so only a request safe to send twice is.',
    '  option redispatch 1',
    `  retries ${retries}`,
    '  retry-on conn-failure empty-response',
    '  acl replay_safe method GET HEAD',
    ...(trustReplaySafeHeader ? [`  acl replay_safe req.hdr(${REPLAY_SAFE_HEADER}) -m str 1`] : []),
    '  http-request disable-l7-retry if !replay_safe',
    `  default-server inter ${duration(checkIntervalMs)} fastinter ${duration(checkIntervalMs)} downinter ${duration(checkIntervalMs)} fall ${fall} rise ${rise}` +
      (resolving ? ' resolvers dns init-addr last,libc,none' : ''),
    ...upstreams.map((upstream) => `  server ${upstream.name} ${serverAddress(upstream)} check`),
    '',
  ];
  return lines.join('\n');
}

export interface StartHaproxyOptions extends Omit<HaproxyConfigOptions, 'bind'> {
  /** The haproxy executable: HAPROXY_BIN, else /usr/sbin/haproxy, else `haproxy` on PATH. */
  readonly binary?: string;
  /** Loopback by default. */
  readonly host?: string;
  /** A free port by default (tried again on another if it was taken meanwhile). */
  readonly port?: number;
  /** How long HAProxy may take to accept connections. */
  readonly startTimeoutMs?: number;
  /** Receives HAProxy's own messages (servers going down and up, reloads, alerts). */
  readonly onLog?: (line: string) => void;
}

export interface RunningHaproxy {
  /** `http://host:port` of the frontend. */
  readonly url: string;
  readonly port: number;
  readonly configPath: string;
  /** Lines HAProxy wrote so far (the last few hundred). */
  readonly log: readonly string[];
  /** Writes a new configuration for these upstreams and reloads it without dropping open connections. */
  reload(upstreams: readonly Upstream[]): Promise<void>;
  stop(): Promise<void>;
}

const MAX_LOG_LINES = 500;
const START_ATTEMPTS = 3;

/**
 * Starts HAProxy in the foreground in master-worker mode (`-W -db`), so it
 * can reload its configuration (SIGUSR2) and stops with the child process:
 * its workers exit when the master does. Resolves once its worker is up
 * and the port accepts connections.
 */
export async function startHaproxy(options: StartHaproxyOptions): Promise<RunningHaproxy> {
  const host = options.host ?? '127.0.0.1';
  if (options.port !== undefined) return startOn(options, host, options.port);
  // A free port is only free when asked: another process may bind it before
  // HAProxy does, so a start that fails is tried again on another one.
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOn(options, host, await freePort(host));
    } catch (error) {
      lastError = error;
      if ((error as Error).message.includes('is not installed')) break;
    }
  }
  throw lastError;
}

/** HAPROXY_BIN, else Debian's /usr/sbin/haproxy (not on every PATH), else `haproxy` on PATH. */
export function haproxyBinary(): string {
  if (process.env.HAPROXY_BIN) return process.env.HAPROXY_BIN;
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
}

async function startOn(options: StartHaproxyOptions, host: string, port: number): Promise<RunningHaproxy> {
  const { binary = haproxyBinary(), startTimeoutMs = 10_000, onLog } = options;
  const bindHost = host.includes(':') ? `[${host}]` : host;
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-haproxy-'));
  const configPath = join(dir, 'haproxy.cfg');
  const configFor = (upstreams: readonly Upstream[]) => haproxyConfig({ ...options, upstreams, bind: `${bindHost}:${port}` });
  writeFileSync(configPath, configFor(options.upstreams));

  const log: string[] = [];
  const waiters = new Set<(line: string) => void>();
  const child = spawn(binary, ['-W', '-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolveExit();
    }),
  );
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > MAX_LOG_LINES) log.shift();
      onLog?.(line);
      for (const waiter of waiters) waiter(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const cleanUp = () => {
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const stop = async (): Promise<void> => {
    if (!exited && !spawnError) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exit;
      clearTimeout(timer);
    }
    cleanUp();
  };

  try {
    await waitForPort(host, port, startTimeoutMs, () => {
      if (spawnError) {
        const missing = (spawnError as NodeJS.ErrnoException).code === 'ENOENT';
        return missing ? `${binary} is not installed (apt-get install haproxy, or set HAPROXY_BIN)` : spawnError.message;
      }
      if (exited) return `haproxy exited (${exited.signal ?? `code ${exited.code}`}):\n${log.join('\n')}`;
      return undefined;
    }, () => log.some((line) => /Loading success/.test(line)));
  } catch (error) {
    await stop();
    throw error;
  }

  const reload = async (upstreams: readonly Upstream[]): Promise<void> => {
    writeFileSync(configPath, configFor(upstreams));
    const outcome = new Promise<void>((resolveReload, rejectReload) => {
      let reloading = false;
      const timer = setTimeout(() => finish(new Error(`haproxy did not reload within ${startTimeoutMs} ms:\n${log.join('\n')}`)), startTimeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(watch);
        if (error) rejectReload(error);
        else resolveReload();
      };
      const watch = (line: string) => {
        if (/Reloading HAProxy/.test(line)) reloading = true;
        else if (reloading && /Loading success/.test(line)) finish();
        else if (reloading && /Loading failure/.test(line)) finish(new Error(`haproxy refused the new configuration:\n${log.join('\n')}`));
      };
      waiters.add(watch);
    });
    child.kill('SIGUSR2');
    await outcome;
  };

  return { url: `http://${bindHost}:${port}`, port, configPath, log, reload, stop };
}

function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  failure: () => string | undefined,
  ready: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problem = failure();
    if (problem) throw new Error(problem);
    if (ready() && (await accepts(host, port))) return;
    if (Date.now() > deadline) throw new Error(`haproxy did not accept connections on ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveAccepts) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolveAccepts(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}
