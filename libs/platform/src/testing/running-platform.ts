import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { METRICS_PORT_DISTANCE } from '../config/config';
import { DEFAULT_PORTS } from '../config/ports';
import { graphql } from './graphql-client';
import { TEST_SECRETS, TestIsolation } from './test-environment';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** `npm start` from the build, as the end-to-end tests run it: node, its arguments, from the repository root. */
export const PLATFORM_COMMAND = {
  file: process.execPath,
  args: ['-r', './scripts/runtime-paths.js', 'dist/scripts/start-platform.js'],
  cwd: ROOT,
} as const;

/**
 * The first port of the kernel's ephemeral range (Linux's default is 32768
 * to 60999). A port the platform takes above it could already be held by any
 * process's outgoing connection or free-port pick, and the start would fail.
 */
const EPHEMERAL_PORTS_FROM = 32_768;
const HIGHEST_BASE_PORT = Math.max(...Object.values(DEFAULT_PORTS)) + METRICS_PORT_DISTANCE;

/**
 * The `PORT_OFFSET` for a test file that starts the whole platform: a block
 * of its own (10_000, 20_000, 21_000, ...: one per test file) and within it
 * a slot of ten chosen by the process id, so files run side by side by Jest's
 * workers rarely meet. The pieces' ports span 4000 to 5105 above the offset
 * (metrics included), wider than a block, so two files can still collide
 * when their process ids land on slots that line up; the start then fails
 * with the platform's own message. Every port stays below the ephemeral range.
 */
export function platformPortOffset(block: number): number {
  const offset = block + (process.pid % 200) * 10;
  assertBelowEphemeralRange(block + 1990);
  return offset;
}

function assertBelowEphemeralRange(offset: number): void {
  if (HIGHEST_BASE_PORT + offset >= EPHEMERAL_PORTS_FROM) {
    throw new Error(`PORT_OFFSET ${offset} puts ports up to ${HIGHEST_BASE_PORT + offset} in the kernel's ephemeral range (${EPHEMERAL_PORTS_FROM} up)`);
  }
}

/** Where `npm start` sends the processes' own JSON log lines (see scripts/platform-logs.ts). */
export type PlatformLogOutput = 'files' | 'terminal' | 'raw';

export interface PlatformSettings {
  /** Its Redis keys go under this isolation's prefix; the caller cleans it up. */
  readonly isolation: TestIsolation;
  /** From `platformPortOffset`. */
  readonly portOffset: number;
  /** The SQLite files (and, with `files` output, the logs) go here. */
  readonly dataDir: string;
  /** `files` (npm start's own choice outside production) unless given. */
  readonly logOutput?: PlatformLogOutput;
  /** `warn` unless given: `info` when a test reads the pieces' start-up lines. */
  readonly logLevel?: string;
  /** Settings over the test defaults, applied last. */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Settings a developer's shell may hold that would change what a test sees
 * (where logs go, which pages are served, one metrics port for every
 * process): never inherited, only set when a test asks for them.
 */
const NOT_INHERITED = ['LOG_OUTPUT', 'LOG_DIR', 'EXPLORER_ENABLED', 'LEADERBOARD_PAGE_ENABLED', 'PLAY_PAGE_ENABLED', 'METRICS_PORT'];

/** The environment `npm start` runs with in a test: the test secrets, SQLite files in `dataDir`, the real Redis under the isolation's prefix. */
export function platformEnvironment(settings: PlatformSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of NOT_INHERITED) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    ...TEST_SECRETS,
    LOG_LEVEL: settings.logLevel ?? 'warn',
    PORT_OFFSET: String(settings.portOffset),
    SQLITE_DIR: settings.dataDir,
    DATABASE_URL: '',
    REDIS_PREFIX: settings.isolation.redisPrefix,
  });
  if (settings.logOutput) env.LOG_OUTPUT = settings.logOutput;
  return { ...env, ...settings.env };
}

export interface PlatformOptions extends Omit<PlatformSettings, 'dataDir'> {
  /** A supergraph to serve instead of the checked-in one, e.g. composed from the code as it is. */
  readonly supergraph?: string;
  /** Built files the test needs besides the platform itself (`dist/web/leaderboard/index.html`). */
  readonly builtFiles?: readonly string[];
  /** 90 s unless given. */
  readonly readyWithinMs?: number;
}

/** How the platform ended when asked to stop. */
export interface PlatformShutdown {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Every error or fatal log line of any process, and any forced exit, from start to stop: none on a clean run. */
  readonly loggedErrors: readonly string[];
}

export interface RegisteredPlayer {
  readonly playerId: string;
  readonly accessToken: string;
}

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken player { id } } }`;

/** The whole platform as `npm start` runs it, from the build, on SQLite files and the real Redis. */
export interface RunningPlatform {
  /** The gateway's origin, e.g. `http://127.0.0.1:24010`. */
  readonly gatewayUrl: string;
  /** The GraphQL endpoint as `npm start` prints it, e.g. `http://localhost:24010/graphql`. */
  readonly graphqlEndpoint: string;
  readonly portOffset: number;
  /** Where its SQLite files (and logs, with `files` output) are; removed by `stop`. */
  readonly dataDir: string;
  /** What `npm start` printed so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Both, in the order they came. */
  readonly output: string;
  /** The port a piece listens on (`gateway`, `campaigns-worker`, ...). */
  portOf(piece: keyof typeof DEFAULT_PORTS): number;
  /** Registers `name@example.org` through the gateway, as an app does; throws with the errors when refused. */
  registerPlayer(name: string): Promise<RegisteredPlayer>;
  /** Resolves once `npm start` has printed `text` on its stdout. */
  printed(text: string, withinMs?: number): Promise<void>;
  /** SIGTERM, as Ctrl-C does; resolves once every process has ended, and again with the same answer when called twice. */
  stop(): Promise<PlatformShutdown>;
}

/** A log line at error level or above: the JSON lines of `raw` output and log files, the readable ones of `terminal` output. */
const ERROR_LINE = /"level":(5\d|6\d)\b|\b(ERROR|FATAL) |forced exit/;

function loggedErrors(output: string, logDir: string): string[] {
  const texts = [output];
  if (existsSync(logDir)) for (const file of readdirSync(logDir)) texts.push(readFileSync(join(logDir, file), 'utf8'));
  return texts.flatMap((text) => text.split('\n')).filter((line) => ERROR_LINE.test(line));
}

/**
 * Starts `dist/scripts/start-platform.js` (run `npm run build` first) in a
 * data folder of its own, and resolves once the gateway reports itself
 * ready, which it does only once every subgraph answers. Readiness is read
 * from `/health/ready`, not from the console, so the start-up messages may
 * change freely; a test that reads them waits with `printed`.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  for (const built of ['dist/scripts/start-platform.js', ...(options.builtFiles ?? [])]) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` (npm test does) before the end-to-end tests`);
  }
  assertBelowEphemeralRange(options.portOffset);
  const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-platform-'));
  const env = { ...options.env };
  if (options.supergraph !== undefined) {
    env.SUPERGRAPH_PATH = join(dataDir, 'supergraph.graphql');
    writeFileSync(env.SUPERGRAPH_PATH, options.supergraph);
  }
  const platformEnv = platformEnvironment({ ...options, dataDir, env });
  const child: ChildProcess = spawn(PLATFORM_COMMAND.file, PLATFORM_COMMAND.args, {
    cwd: PLATFORM_COMMAND.cwd,
    env: platformEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout!.on('data', (chunk) => ((stdout += chunk), (output += chunk)));
  child.stderr!.on('data', (chunk) => ((stderr += chunk), (output += chunk)));
  const exited = new Promise<Pick<PlatformShutdown, 'exitCode' | 'signal'>>((done) =>
    child.once('exit', (exitCode, signal) => done({ exitCode, signal })),
  );

  let stopping: Promise<PlatformShutdown> | undefined;
  const stop = (): Promise<PlatformShutdown> =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const ended = await exited;
      const errors = loggedErrors(output, join(dataDir, 'logs'));
      rmSync(dataDir, { recursive: true, force: true });
      return { ...ended, loggedErrors: errors };
    })());

  const portOf = (piece: keyof typeof DEFAULT_PORTS) => DEFAULT_PORTS[piece] + options.portOffset;
  const gatewayUrl = `http://127.0.0.1:${portOf('gateway')}`;
  const platform: RunningPlatform = {
    gatewayUrl,
    graphqlEndpoint: `http://localhost:${portOf('gateway')}/graphql`,
    portOffset: options.portOffset,
    dataDir,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get output() {
      return output;
    },
    portOf,
    registerPlayer: async (name) => {
      const input = { email: `${name}@example.org`, password: 'a long password', displayName: name };
      const registered = await graphql(gatewayUrl, REGISTER, { input });
      if (registered.errors) throw new Error(`registering ${name} was refused: ${JSON.stringify(registered.errors)}`);
      return { playerId: registered.data!.registerPlayer.player.id, accessToken: registered.data!.registerPlayer.accessToken };
    },
    printed: (text, withinMs = 10_000) => until(() => stdout.includes(text), withinMs, () => `"${text}" not printed in ${withinMs / 1000} s:\n${output}`),
    stop,
  };

  const readyWithinMs = options.readyWithinMs ?? 90_000;
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the platform exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${gatewayUrl}/health/ready`, { signal: AbortSignal.timeout(1_000) })).ok) return platform;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`the platform was not ready in ${readyWithinMs / 1000} s:\n${output}`);
}

async function until(condition: () => boolean, withinMs: number, failure: () => string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
