import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { ConfigError, DEFAULT_PORTS, developmentSecrets, SHARED_SECRET_NAMES } from '@scriptbook/platform';
import { explorerEnabled, gatewayConfigSchema } from '../services/gateway/src/gateway.config';
import { LogSettings, PieceLog, readLogSettings } from './platform-logs';
import { PLATFORM_PIECES, PlatformPiece } from './platform-pieces';
import { failureLines, readyLine, welcomeLines } from './start-messages';

/**
 * `npm start`: the whole platform on one machine. Every subgraph, the
 * workers and the gateway run as their own processes, exactly as they run in
 * containers, on SQLite files under ./data unless DATABASE_URL says otherwise.
 * Every process gets the same JWT and gateway-signing secrets: from the
 * environment, or in development the data folder's own (read or generated
 * here once, then passed down).
 *
 * The terminal gets one line per piece as it becomes ready and then the
 * addresses to open; the processes' own JSON logs go to one file each under
 * LOG_DIR (or to the terminal with LOG_OUTPUT=terminal or raw).
 */

const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const PORT_OFFSET = Number(process.env.PORT_OFFSET ?? 0);
const READY_TIMEOUT_MS = 60_000;

const children: { name: string; process: ChildProcess }[] = [];
const logs: PieceLog[] = [];
let stopping = false;

function say(message: string): void {
  process.stdout.write(`[platform] ${message}\n`);
}

function portOf(name: keyof typeof DEFAULT_PORTS): number {
  return DEFAULT_PORTS[name] + PORT_OFFSET;
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Uses REDIS_URL if it answers; else a private redis-server if one is installed; else says what to do. */
async function ensureRedis(): Promise<string> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return url;
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    process.stderr.write(
      `No Redis answers at ${url}, and no redis-server is installed to start a private one.\n` +
        'Install Redis (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        'or point REDIS_URL at a running Redis, then run npm start again.\n',
    );
    process.exit(1);
  }
  const port = await freePort();
  const dir = resolve(process.env.SQLITE_DIR ?? join(ROOT, 'data'));
  say(`no Redis at ${url}; starting a private redis-server on port ${port}`);
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  children.push({ name: 'redis-server', process: redis });
  const privateUrl = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(privateUrl)) return privateUrl;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the private redis-server did not start');
}

function envFor(piece: PlatformPiece, shared: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...shared, PORT: String(portOf(piece.name)) };
  if (piece.role === 'gateway') {
    for (const subgraph of ['accounts', 'content', 'rules', 'campaigns', 'scoring'] as const) {
      env[`${subgraph.toUpperCase()}_URL`] = `http://127.0.0.1:${portOf(subgraph)}/graphql`;
    }
  }
  // A submission from a campaign reads the campaign's record from the campaigns subgraph itself.
  if (piece.name === 'scoring') env.CAMPAIGNS_URL = `http://127.0.0.1:${portOf('campaigns')}/graphql`;
  return env;
}

/** Says which piece failed, with its last log lines, and stops everything. */
function fail(piece: PlatformPiece, log: PieceLog, what: string): void {
  if (stopping) return;
  const lines = failureLines({ piece, what, tail: log.tail(), logFile: log.path });
  process.stderr.write(`${lines.join('\n')}\nstopping the platform\n`);
  void stopAll(1);
}

function launch(piece: PlatformPiece, env: NodeJS.ProcessEnv, settings: LogSettings): PieceLog {
  const child = spawn(process.execPath, ['-r', join(ROOT, 'scripts', 'runtime-paths.js'), join(DIST, piece.entry)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = new PieceLog(piece.name, settings);
  logs.push(log);
  // A process's stderr carries what it says before its logger exists (a refused configuration).
  child.stdout!.on('data', (chunk: Buffer) => log.write(chunk));
  child.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
  children.push({ name: piece.name, process: child });
  // 'close', not 'exit': by then its last lines are in the log.
  child.on('close', (code, signal) => fail(piece, log, signal ? `was stopped by ${signal}` : `exited with code ${code}`));
  return log;
}

/** Prints the piece's ready line once it answers ready; says why and stops everything when it does not. */
async function waitReady(piece: PlatformPiece, log: PieceLog, startedAt: number): Promise<void> {
  const url = `http://127.0.0.1:${portOf(piece.name)}/health/ready`;
  const deadline = startedAt + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) {
        process.stdout.write(`${readyLine(piece, portOf(piece.name), Date.now() - startedAt)}\n`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(piece, log, `was not ready within ${READY_TIMEOUT_MS / 1000} s (${url})`);
  // Never settles: the platform is stopping.
  await new Promise(() => undefined);
}

/** The gateway goes first so no new request reaches a stopping subgraph; Redis last. */
async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const { process: child } of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise<void>((r) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), r()), 15_000);
      // 'close' comes after 'exit' once its output is drained, so its log is complete.
      child.once('close', () => (clearTimeout(timer), r()));
    });
  }
  await Promise.all(logs.map((log) => log.close()));
  process.exit(exitCode);
}

/** The secrets every child shares; outside development they must come from the environment. */
function sharedSecrets(sqliteDir: string): NodeJS.ProcessEnv {
  const missing = SHARED_SECRET_NAMES.filter((name) => !process.env[name]);
  if (missing.length === 0) return {};
  const nodeEnv = process.env.NODE_ENV || 'development';
  if (nodeEnv !== 'development') {
    process.stderr.write(
      `[platform] NODE_ENV is ${nodeEnv}: set ${missing.join(' and ')} (at least 32 random characters each), ` +
        'or run with NODE_ENV=development to use generated local secrets\n',
    );
    process.exit(1);
  }
  const local = developmentSecrets(sqliteDir);
  say(`${missing.join(' and ')} not set: every process uses the development secrets ${local.created ? 'just generated in' : 'from'} ${local.path}`);
  return Object.fromEntries(missing.map((name) => [name, local.secrets[name]]));
}

async function main(): Promise<void> {
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
  const sqliteDir = resolve(process.env.SQLITE_DIR ?? join(ROOT, 'data'));
  const logSettings = readLogSettings(process.env, sqliteDir);
  mkdirSync(sqliteDir, { recursive: true });
  const secrets = sharedSecrets(sqliteDir);
  const shared: NodeJS.ProcessEnv = { ...process.env, ...secrets, SQLITE_DIR: sqliteDir, REDIS_URL: await ensureRedis() };
  say(process.env.DATABASE_URL ? 'database: Postgres (DATABASE_URL)' : `database: SQLite files in ${sqliteDir}`);

  // Subgraphs first (they apply their migrations), then workers, then the gateway.
  for (const role of ['subgraph', 'worker', 'gateway'] as const) {
    const pieces = PLATFORM_PIECES.filter((piece) => piece.role === role);
    const startedAt = Date.now();
    const started = pieces.map((piece) => ({ piece, log: launch(piece, envFor(piece, shared), logSettings) }));
    await Promise.all(started.map(({ piece, log }) => waitReady(piece, log, startedAt)));
  }
  const welcome = welcomeLines({ gatewayPort: portOf('gateway'), explorer: gatewayServesExplorer(), logs: logSettings });
  process.stdout.write(`${welcome.join('\n')}\n`);
}

/** Read the way the gateway reads it; a setting the gateway refuses stops it, and that is reported as its failure. */
function gatewayServesExplorer(): boolean {
  const parsed = gatewayConfigSchema.pick({ NODE_ENV: true, EXPLORER_ENABLED: true }).safeParse({
    NODE_ENV: process.env.NODE_ENV || undefined,
    EXPLORER_ENABLED: process.env.EXPLORER_ENABLED || undefined,
  });
  return parsed.success && explorerEnabled(parsed.data);
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `[platform] ${(error as Error).message}\n`);
  void stopAll(1);
});
