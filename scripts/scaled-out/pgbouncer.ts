import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * A real PgBouncer in transaction pooling mode, on a free loopback port,
 * for a scaled-out run of the platform on one machine and for tests. Each
 * service gets a database alias of its own, `scriptbook_<service>`, which
 * points at the one real database and whose `connect_query` sets that
 * service's search_path: every alias is a pool of its own, so its server
 * connections keep it. Services then run with `DATABASE_POOLER=transaction`,
 * `DATABASE_URL=urlFor(service)` and `DATABASE_MIGRATION_URL` = the server.
 *
 * Clients are trusted (it listens on 127.0.0.1 only); the server is logged
 * in to as the user of `serverUrl`, with its password if it has one.
 */

export interface PooledService {
  /** `accounts`, `campaigns`, ...: names the alias `scriptbook_<service>`. */
  readonly service: string;
  /** The schema the alias's server connections search: the service's DATABASE_SCHEMA. */
  readonly schema: string;
}

export interface PgBouncerOptions {
  /** Postgres itself (`postgres://user[:password]@host:port/database`): what every alias points at. */
  readonly serverUrl: string;
  readonly services: readonly PooledService[];
  /** Server connections per alias; small, since everything shares one machine. Default 2. */
  readonly poolSize?: number;
  /** Client connections accepted in all. Default 200. */
  readonly maxClientConnections?: number;
  /** How long to wait for it to answer a query. Default 10 s. */
  readonly startTimeoutMs?: number;
  /** Receives PgBouncer's own log lines; they are dropped otherwise. */
  readonly log?: (line: string) => void;
}

export interface RunningPgBouncer {
  readonly port: number;
  /** A service's DATABASE_URL: its own alias on this PgBouncer. */
  urlFor(service: string): string;
  /** Its read-only console (`SHOW POOLS`, `SHOW SERVERS`, ...), for diagnostics. */
  readonly consoleUrl: string;
  /** Stops the process and removes its files. */
  stop(): Promise<void>;
}

const DEFAULT_POOL_SIZE = 2;
const DEFAULT_MAX_CLIENT_CONNECTIONS = 200;
const DEFAULT_START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const START_ATTEMPTS = 3;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function aliasFor(service: string): string {
  return `scriptbook_${service.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** Starts PgBouncer and resolves once it answers a query through the first service's alias. */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  if (options.services.length === 0) throw new Error('pgbouncer: no services to pool');
  const aliases = new Map<string, string>();
  for (const { service, schema } of options.services) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`pgbouncer: schema "${schema}" of ${service}: lower-case letters, digits and _`);
    const alias = aliasFor(service);
    if ([...aliases.values()].includes(alias)) throw new Error(`pgbouncer: two services share the alias ${alias}`);
    aliases.set(service, alias);
  }
  const server = new URL(options.serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  let lastError: unknown;
  // The free port is only free when asked; another process may take it
  // before PgBouncer binds it, so a start that fails is tried again.
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const folder = mkdtempSync(join(tmpdir(), 'scriptbook-pgbouncer-'));
    writeFileSync(join(folder, 'userlist.txt'), `${quoted(user)} ${quoted(decodeURIComponent(server.password))}\n`, { mode: 0o600 });
    writeFileSync(join(folder, 'pgbouncer.ini'), iniFile(options, server, user, aliases, port, folder), { mode: 0o600 });
    const child = spawn(pgbouncerBinary(), [...dropRoot(), join(folder, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = collectOutput(child, options.log);
    const running = handle(child, folder, port, user, aliases);
    try {
      await answering(running.urlFor(options.services[0].service), child, options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
      return running;
    } catch (error) {
      await running.stop();
      lastError = new Error(`pgbouncer did not start: ${(error as Error).message}${output.tail()}`);
    }
  }
  throw lastError;
}

function iniFile(options: PgBouncerOptions, server: URL, user: string, aliases: Map<string, string>, port: number, folder: string): string {
  const target = `host=${server.hostname || '127.0.0.1'} port=${server.port || '5432'} dbname=${decodeURIComponent(server.pathname.slice(1)) || user} user=${user}`;
  const databases = options.services.map(
    // One pool per alias (user= makes it one per database, whoever logs in);
    // connect_query runs once on each new server connection of that pool.
    ({ service, schema }) => `${aliases.get(service)} = ${target} connect_query='SET search_path = "${schema}"'`,
  );
  return [
    '[databases]',
    ...databases,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    // No Unix socket: several of these may run on one machine at once.
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(folder, 'userlist.txt')}`,
    // SHOW POOLS and the like on its `pgbouncer` console, read-only.
    `stats_users = ${user}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize ?? DEFAULT_POOL_SIZE}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    `max_client_conn = ${options.maxClientConnections ?? DEFAULT_MAX_CLIENT_CONNECTIONS}`,
    // A reset (DISCARD ALL) would also drop the search_path connect_query set.
    'server_reset_query =',
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}

/** An auth_file field: double-quoted, a double quote doubled. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function pgbouncerBinary(): string {
  return existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
}

/**
 * PgBouncer refuses to run as root (CI containers are root). `-u` makes it
 * switch user once it has read its files, so they can stay owner-only.
 */
function dropRoot(): string[] {
  return process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
}

function handle(child: ChildProcess, folder: string, port: number, user: string, aliases: Map<string, string>): RunningPgBouncer {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
    // A binary that could not be spawned never exits.
    child.once('error', () => child.pid === undefined && resolve());
  });
  // Not left behind if whoever started it exits without stopping it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  return {
    port,
    consoleUrl: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`,
    urlFor(service) {
      const alias = aliases.get(service);
      if (!alias) throw new Error(`pgbouncer: ${service} is not pooled here`);
      return `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${alias}`;
    },
    stop: () =>
      (stopping ??= (async () => {
        process.removeListener('exit', killOnExit);
        // SIGTERM is PgBouncer's immediate shutdown; SIGINT would wait for clients.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
        rmSync(folder, { recursive: true, force: true });
      })()),
  };
}

function collectOutput(child: ChildProcess, log?: (line: string) => void): { tail(): string } {
  const last: string[] = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log?.(line);
      last.push(line);
      if (last.length > 20) last.shift();
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return { tail: () => (last.length ? `\n${last.join('\n')}` : '') };
}

async function answering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  for (;;) {
    if (spawnError) throw spawnError;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode})`);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

