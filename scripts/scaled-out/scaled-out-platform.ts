import { PLATFORM_PIECES, PlatformPiece } from '../platform-pieces';
import { LocalRedisCluster, startLocalRedisCluster } from '@scriptbook/platform/testing/redis-cluster';
import { RestartableService, restartableService } from '@scriptbook/platform/testing/restartable-service';
import { RunningHaproxy, startHaproxy } from './haproxy';
import { RunningPgBouncer, startPgBouncer } from './pgbouncer';

/**
 * The platform as a community that outgrew one process of each kind runs
 * it, on one machine: a Redis Cluster of three masters with a replica each,
 * Postgres behind PgBouncer in transaction mode, `replicas` processes of
 * every subgraph and worker, and as many gateways, with HAProxy in front of
 * the gateways and in front of each subgraph's replicas (what a Kubernetes
 * Service does for a Deployment). Every process runs from the build, in
 * production mode. `npm run start:scaled-out` starts it; the chaos test
 * starts it, kills its processes and fails its Redis over.
 */
export interface ScaledOutPlatform {
  /** HAProxy in front of the gateways: what clients use (`<url>/graphql`). */
  readonly url: string;
  /** Every process by piece name (`gateway`, `campaigns`, `campaigns-worker`, ...), replica 0 first. */
  readonly replicas: ReadonlyMap<PlatformPiece['name'], readonly RestartableService[]>;
  readonly redis: LocalRedisCluster;
  readonly pgbouncer: RunningPgBouncer;
  /** REDIS_PREFIX of every process. */
  readonly redisPrefix: string;
  stop(): Promise<void>;
}

export interface ScaledOutOptions {
  /** Postgres itself; every service gets a schema of its own in it. */
  readonly databaseUrl: string;
  /** Names the run's schemas (`<name>_<service>`) and Redis prefix: lower-case letters, digits and _. */
  readonly name: string;
  readonly jwtSecret: string;
  readonly gatewaySigningSecret: string;
  /** Processes of each kind; 2 unless given. */
  readonly replicas?: number;
  /** Added to every process's environment (JWT_TTL, rate limits, ...). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The subgraphs with a database of their own; their workers share it. */
const WITH_DATABASE = new Set(['accounts', 'campaigns', 'scoring']);
const serviceOf = (piece: PlatformPiece) => piece.name.replace(/-worker$/, '');
const fromBuild = (piece: PlatformPiece) => `dist/${piece.entry}`;

export async function startScaledOutPlatform(options: ScaledOutOptions): Promise<ScaledOutPlatform> {
  const replicas = options.replicas ?? 2;
  const schemaOf = (service: string) => `${options.name}_${service}`;
  const opened: { stop(): Promise<void> }[] = [];
  const byPiece = new Map<PlatformPiece['name'], RestartableService[]>();
  const stopAll = async () => {
    for (const piece of opened.reverse()) await piece.stop().catch(() => undefined);
  };

  try {
    const redis = await startLocalRedisCluster();
    opened.push(redis);
    const pgbouncer = await startPgBouncer({ serverUrl: options.databaseUrl, services: [...WITH_DATABASE].map((service) => ({ service, schema: schemaOf(service) })), poolSize: 4 });
    opened.push(pgbouncer);
    const common: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      REDIS_CLUSTER_NODES: redis.nodes.join(','),
      REDIS_PREFIX: options.name.replace(/_/g, '-'),
      JWT_SECRET: options.jwtSecret,
      GATEWAY_SIGNING_SECRET: options.gatewaySigningSecret,
      ...options.env,
    };
    const envOf = (piece: PlatformPiece): Record<string, string> => {
      const service = serviceOf(piece);
      if (!WITH_DATABASE.has(service)) return common;
      return { ...common, DATABASE_URL: pgbouncer.urlFor(service), DATABASE_POOLER: 'transaction', DATABASE_MIGRATION_URL: options.databaseUrl, DATABASE_SCHEMA: schemaOf(service) };
    };
    const startReplicas = async (piece: PlatformPiece, env: Record<string, string>) => {
      const started = await Promise.all(Array.from({ length: replicas }, () => restartableService(fromBuild(piece), env)));
      opened.push(...started);
      byPiece.set(piece.name, started);
      return started;
    };
    // In front of subgraphs the gateway marks what may be sent twice; in front of the gateways a client's mark is not believed.
    const balance = async (name: string, services: readonly RestartableService[], trustReplaySafeHeader: boolean): Promise<RunningHaproxy> => {
      const upstreams = services.map((service, i) => ({ name: `${name}-${i}`, url: service.url }));
      const proxy = await startHaproxy({ upstreams, trustReplaySafeHeader });
      opened.push(proxy);
      return proxy;
    };

    // The API processes first: each applies its migrations at start (the advisory lock lets one replica do it).
    const subgraphs = PLATFORM_PIECES.filter((piece) => piece.role === 'subgraph');
    const subgraphUrls: Record<string, string> = {};
    await Promise.all(
      subgraphs.map(async (piece) => {
        const proxy = await balance(piece.name, await startReplicas(piece, envOf(piece)), true);
        subgraphUrls[`${piece.name.toUpperCase()}_URL`] = `${proxy.url}/graphql`;
      }),
    );
    await Promise.all(PLATFORM_PIECES.filter((piece) => piece.role === 'worker').map((piece) => startReplicas(piece, envOf(piece))));
    const gateway = PLATFORM_PIECES.find((piece) => piece.role === 'gateway')!;
    const front = await balance('gateway', await startReplicas(gateway, { ...common, ...subgraphUrls, TRUSTED_PROXIES: 'loopback' }), false);
    return { url: front.url, replicas: byPiece, redis, pgbouncer, redisPrefix: common.REDIS_PREFIX, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
