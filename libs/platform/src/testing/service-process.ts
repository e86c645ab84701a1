import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** A service a test started in a process of its own. */
export interface ServiceProcess {
  readonly url: string;
  stop(): Promise<void>;
  /** Ends the process at once with SIGKILL, as a crash or an evicted pod would: no shutdown hook runs. */
  kill(): Promise<void>;
}

/** A port nothing listens on now, from the kernel: for a server a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/** How much of a child's last output an error quotes. */
const OUTPUT_TAIL_BYTES = 4096;
/** Starts tried when a port the kernel said was free was taken before the child bound it. */
const PORT_ATTEMPTS = 3;

/**
 * Starts a service's entrypoint in a process of its own, as production runs
 * it, and waits until it is live: from source (`services/rules/src/main.ts`)
 * through ts-node, or from the build (`dist/services/campaigns/src/worker.js`,
 * after `npm run build`), which starts in a fraction of the time.
 * Needed where two subgraphs cannot be built in one process: Nest's
 * code-first type registry is global to a process, and a subgraph that
 * declares its own view of another's entity (rules' Card, scoring's Player)
 * would clash with the owner's types.
 *
 * Its public and metrics ports are each asked of the kernel. Between that
 * answer and the child's listen (seconds, under ts-node) a file running
 * beside this one may take the same port; a child that stops on
 * EADDRINUSE is started again on new ports. Any other early exit fails
 * with the end of what the child printed.
 *
 * `npm test` builds before it tests and sets TEST_SERVICES_FROM_BUILD=1, so
 * there a source entrypoint runs from its compiled file: under ts-node each
 * start spends about five seconds of CPU compiling the service, and a run
 * starts dozens. A file run alone with `npx jest` runs from source and never
 * meets a stale build. A test's own entrypoint, which the build leaves
 * out, runs from source either way.
 */
export async function startServiceProcess(entrypoint: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(entrypoint, env);
    if ('url' in started) return started;
    if (!started.portTaken || attempt === PORT_ATTEMPTS) {
      throw new Error(`${entrypoint} exited with ${started.exitCode}; it printed, last:\n${started.output}`);
    }
  }
}

interface EarlyExit {
  readonly exitCode: number | null;
  readonly portTaken: boolean;
  readonly output: string;
}

function runnableEntrypoint(entrypoint: string): string {
  if (process.env.TEST_SERVICES_FROM_BUILD !== '1' || !entrypoint.endsWith('.ts')) return entrypoint;
  const built = join('dist', entrypoint.replace(/\.ts$/, '.js'));
  // The build leaves out test code: a test's own entrypoint runs from source.
  return existsSync(join(ROOT, built)) ? built : entrypoint;
}

/**
 * Node's arguments to run a service's entrypoint (a path from the
 * repository's root, `.ts`): its build when TEST_SERVICES_FROM_BUILD is set
 * and the build has it, else the source through ts-node.
 */
export function serviceNodeArgs(source: string): string[] {
  const entrypoint = runnableEntrypoint(source);
  return entrypoint.endsWith('.js')
    ? ['-r', join(ROOT, 'scripts', 'runtime-paths.js'), join(ROOT, entrypoint)]
    : [require.resolve('ts-node/dist/bin'), '-r', 'tsconfig-paths/register', '--transpile-only', join(ROOT, entrypoint)];
}

async function startOnce(source: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess | EarlyExit> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, serviceNodeArgs(source), {
    cwd: ROOT,
    env: { ...process.env, METRICS_PORT: String(metricsPort), ...env, PORT: String(port), TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read for as long as the child runs (a full pipe would stop it); only the end is kept.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const closed = new Promise((done) => child.once('close', done));
  const url = `http://127.0.0.1:${port}`;
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  };
  const stop = end('SIGTERM');
  const kill = end('SIGKILL');
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      await closed; // what it printed last may still be in the pipes
      return { exitCode: child.exitCode, portTaken: output.includes('EADDRINUSE'), output };
    }
    try {
      if ((await fetch(`${url}/health/live`)).ok) return { url, stop, kill };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new Error(`${source} did not start; it printed, last:\n${output}`);
}
