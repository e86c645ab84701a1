import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort, serviceNodeArgs } from './service-process';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** A service in a process of its own that a test can kill and start again on the same ports, so whatever is in front keeps its address. */
export interface RestartableService {
  readonly url: string;
  /** SIGKILL, as a crash or an evicted pod: no shutdown hook runs. */
  kill(): Promise<void>;
  /** Starts it again on the same port and resolves once it is live. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Run as startServiceProcess runs services: from the build under npm test, else from source. */
export async function restartableService(entrypoint: string, env: NodeJS.ProcessEnv): Promise<RestartableService> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill(signal);
    await exited;
  };

  const start = async () => {
    const started = spawn(process.execPath, serviceNodeArgs(entrypoint), {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), METRICS_PORT: String(metricsPort), TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
      stdio: 'ignore',
    });
    child = started;
    for (let i = 0; i < 900; i++) {
      if (started.exitCode !== null) throw new Error(`${entrypoint} exited with ${started.exitCode}`);
      try {
        if ((await fetch(`${url}/health/live`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
    await end('SIGTERM');
    throw new Error(`${entrypoint} did not start`);
  };

  await start();
  return { url, start, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
