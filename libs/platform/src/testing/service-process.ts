import { spawn } from 'node:child_process';
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

/**
 * Starts a service's entrypoint in a process of its own, as production runs
 * it, and waits until it is live: from source (`services/rules/src/main.ts`)
 * through ts-node, or from the build (`dist/services/campaigns/src/worker.js`,
 * after `npm run build`), which starts in a fraction of the time.
 * Needed where two subgraphs cannot be built in one process: Nest's
 * code-first type registry is global to a process, and a subgraph that
 * declares its own view of another's entity (rules' Card, scoring's Player)
 * would clash with the owner's types.
 */
export async function startServiceProcess(entrypoint: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const port = await freePort();
  const built = entrypoint.endsWith('.js');
  const args = built
    ? ['-r', join(ROOT, 'scripts', 'runtime-paths.js'), join(ROOT, entrypoint)]
    : [require.resolve('ts-node/dist/bin'), '-r', 'tsconfig-paths/register', '--transpile-only', join(ROOT, entrypoint)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
    stdio: 'ignore',
  });
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
    if (child.exitCode !== null) throw new Error(`${entrypoint} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/live`)).ok) return { url, stop, kill };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new Error(`${entrypoint} did not start`);
}
