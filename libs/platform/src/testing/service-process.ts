import { spawn } from 'node:child_process';
import { AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** A service a test started in a process of its own. */
export interface ServiceProcess {
  readonly url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/**
 * Starts a service's entrypoint from source (`services/rules/src/main.ts`) in
 * a process of its own, as production runs it, and waits until it is live.
 * Needed where two subgraphs cannot be built in one process: Nest's
 * code-first type registry is global to a process, and a subgraph that
 * declares its own view of another's entity (rules' Card, scoring's Player)
 * would clash with the owner's types.
 */
export async function startServiceProcess(entrypoint: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [require.resolve('ts-node/dist/bin'), '-r', 'tsconfig-paths/register', '--transpile-only', join(ROOT, entrypoint)],
    { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') }, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${entrypoint} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/live`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new Error(`${entrypoint} did not start`);
}
