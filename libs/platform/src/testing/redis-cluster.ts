import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';

const run = promisify(execFile);

/**
 * A real Redis Cluster on loopback: `masters` masters with a replica each,
 * one `redis-server` process per node, nothing kept on disk but each node's
 * cluster config in a scratch folder. For tests and the scaled-out run on
 * one machine; a node can be killed and started again, and a master failed
 * over, as a cluster in production would see.
 */
export interface LocalRedisCluster {
  /** Every node as `host:port`, what REDIS_CLUSTER_NODES takes. */
  readonly nodes: readonly string[];
  /** The nodes that are masters now. */
  masters(): Promise<string[]>;
  /** SIGKILLs a master and waits until its replica has taken over and every slot is served again; returns the killed node. */
  killMasterAndWaitForFailover(node?: string): Promise<string>;
  /** Starts a killed node again; it rejoins as a replica of the master that replaced it. */
  restart(node: string): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalRedisClusterOptions {
  readonly masters?: number;
  /** How long a master may be silent before the cluster fails it over (`cluster-node-timeout`). */
  readonly nodeTimeoutMs?: number;
}

const HOST = '127.0.0.1';

export async function startLocalRedisCluster(options: LocalRedisClusterOptions = {}): Promise<LocalRedisCluster> {
  const masters = options.masters ?? 3;
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 1_000;
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-redis-cluster-'));
  const ports = await clusterPorts(masters * 2);
  const processes = new Map<number, ChildProcess>();

  const startNode = async (port: number) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', HOST, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', String(nodeTimeoutMs), '--cluster-announce-ip', HOST, '--repl-diskless-sync-delay', '0', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', join(dir, `redis-${port}.log`)],
      { stdio: 'ignore' },
    );
    processes.set(port, child);
    await untilAnswers(port, child);
  };

  const cluster: LocalRedisCluster = {
    nodes: ports.map((port) => `${HOST}:${port}`),
    masters: async () => (await clusterNodes(ports.find((port) => processes.get(port)?.exitCode === null)!)).filter((node) => node.master && node.connected).map((node) => node.address),
    killMasterAndWaitForFailover: async (node) => {
      const victim = node ?? (await cluster.masters())[0];
      const port = portOf(victim);
      const child = processes.get(port)!;
      child.kill('SIGKILL');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await untilClusterOk(ports.filter((other) => other !== port), masters, 30_000 + nodeTimeoutMs * 4);
      return victim;
    },
    restart: async (node) => {
      await startNode(portOf(node));
      await untilClusterOk(ports, masters, 30_000);
      await untilReplicasInSync(ports, masters, 30_000);
    },
    stop: async () => {
      for (const child of processes.values()) if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all([...processes.values()].map((child) => (child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)))));
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await Promise.all(ports.map(startNode));
    await run('redis-cli', ['--cluster', 'create', ...cluster.nodes, '--cluster-replicas', '1', '--cluster-yes']);
    await untilClusterOk(ports, masters, 30_000);
    // A replica that has not finished its first sync cannot take over: a failover before then would leave its slots unserved.
    await untilReplicasInSync(ports, masters, 30_000);
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

interface ClusterNodeLine {
  readonly address: string;
  readonly master: boolean;
  readonly connected: boolean;
  readonly slots: number;
}

/** Runs `ask` on a connection of its own to one node, closed after. */
async function onNode<T>(port: number, ask: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({ host: HOST, port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // A node still starting, or just killed, refuses: the caller's promise says so.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await ask(redis);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

async function clusterNodes(port: number): Promise<ClusterNodeLine[]> {
  return onNode(port, async (redis) => {
    const text = String(await redis.call('CLUSTER', 'NODES'));
    return text
      .trim()
      .split('\n')
      .map((line) => {
        const [, address, flags, , , , , link, ...slots] = line.split(' ');
        return { address: address.split('@')[0], master: flags.includes('master') && !flags.includes('fail'), connected: link === 'connected' && !flags.includes('fail'), slots: slots.length };
      });
  });
}

/** Until every running node says the cluster is ok and sees `masters` connected masters serving slots. */
async function untilClusterOk(ports: readonly number[], masters: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      const states = await Promise.all(ports.map((port) => onNode(port, async (redis) => /cluster_state:ok/.test(String(await redis.call('CLUSTER', 'INFO'))))));
      const serving = (await clusterNodes(ports[0])).filter((node) => node.master && node.connected && node.slots > 0).length;
      if (states.every(Boolean) && serving === masters) return;
    } catch {
      // a node still starting, or the one just killed
    }
    if (Date.now() > deadline) throw new Error(`the Redis Cluster did not settle within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Until as many replicas as there are masters report their link to their master up. */
async function untilReplicasInSync(ports: readonly number[], masters: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const inSync = await Promise.all(
      ports.map((port) => onNode(port, async (redis) => /role:slave[\s\S]*master_link_status:up/.test(await redis.info('replication'))).catch(() => false)),
    );
    if (inSync.filter(Boolean).length >= masters) return;
    if (Date.now() > deadline) throw new Error(`the Redis Cluster's replicas did not sync within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function untilAnswers(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}`);
    if (await onNode(port, async (redis) => (await redis.ping()) === 'PONG').catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer`);
}

/** Ports whose cluster bus port (port + 10000) is free too. */
async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (ports.includes(port) || ports.includes(port + 10_000) || ports.includes(port - 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

const portOf = (node: string) => Number(node.slice(node.lastIndexOf(':') + 1));
