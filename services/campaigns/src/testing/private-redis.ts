import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import Redis from 'ioredis';
import { freePort } from '@scriptbook/platform/testing/service-process';

/**
 * A Redis server of a test's own, on a free port, that the test can kill,
 * freeze and start again: what fault tests need and the shared test Redis
 * must never suffer. Nothing is persisted (`--save ''`, no AOF), so a
 * restarted server is empty, as a flushed or replaced Redis would be.
 */
export class PrivateRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const server = new PrivateRedis(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on the same port and waits until it answers. */
  async restart(): Promise<void> {
    if (this.process) throw new Error('the private Redis is already running');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (error) {
          probe.disconnect();
          if (attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  }

  /** SIGKILL, as a crash or an evicted pod: connections are reset and new ones refused. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGSTOP: connections stay open and new ones are accepted by the kernel, but nothing answers, as behind a network partition. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }
}
