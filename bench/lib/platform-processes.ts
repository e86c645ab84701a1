import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';

const ROOT = resolve(__dirname, '..', '..');

/** Nothing listens here: subgraphs a benchmark does not query never get a request. */
const UNUSED_SUBGRAPH_URL = 'http://127.0.0.1:9/graphql';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

export interface Piece {
  readonly url: string;
  readonly process: ChildProcess;
}

/**
 * Lets a benchmark call a subgraph directly, unsigned: only development
 * subgraphs accept that, and nothing else in a subgraph depends on NODE_ENV.
 */
export const DIRECT_CALLS: Record<string, string> = { NODE_ENV: 'development' };

/**
 * `BENCH_CPU_PROF=<dir>` profiles every piece a benchmark starts, its whole
 * life, into `<dir>/<service>-<entry>-<pid>.cpuprofile` (Chrome DevTools
 * reads them): how a benchmark's CPU per operation is taken apart.
 */
function profiling(entry: string): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return {};
  const [, service, , file] = entry.split('/');
  return { NODE_OPTIONS: `--require ${join(__dirname, 'cpu-profile.js')}`, CPU_PROFILE_DIR: resolve(dir), CPU_PROFILE_NAME: `${service}-${file.replace(/\.js$/, '')}` };
}

/** One process from the build, as production runs it; resolves once it is live. */
export async function startPiece(entry: string, env: Record<string, string>): Promise<Piece> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', join(ROOT, 'scripts', 'runtime-paths.js'), join(ROOT, 'dist', entry)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      GATEWAY_SIGNING_SECRET: 'bench-gateway-signing-secret-long-enough',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `bench-${process.pid}`,
      ...profiling(entry),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/live`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not start`);
}

export async function stopPiece(piece: Piece): Promise<void> {
  if (piece.process.exitCode !== null) return;
  piece.process.kill('SIGTERM');
  await new Promise((r) => piece.process.once('exit', r));
}

export interface ContentBehindGateway {
  readonly contentUrl: string;
  readonly gatewayUrl: string;
  stop(): Promise<void>;
}

/**
 * The content subgraph and the gateway as two processes from the build, the
 * load generator being this third one: the same shape as production, so the
 * gateway's cost is measured, not the cost of sharing one event loop. The
 * gateway keeps its production limits but not the per-address rate limit,
 * which would otherwise refuse a benchmark's traffic.
 */
export async function startContentBehindGateway(): Promise<ContentBehindGateway> {
  if (!existsSync(join(ROOT, 'dist', 'services', 'content', 'src', 'main.js'))) {
    throw new Error('run `npm run build` first: benchmarks run the built services');
  }
  const content = await startPiece('services/content/src/main.js', DIRECT_CALLS);
  const gateway = await startPiece('services/gateway/src/main.js', {
    CONTENT_URL: `${content.url}/graphql`,
    ACCOUNTS_URL: UNUSED_SUBGRAPH_URL,
    RULES_URL: UNUSED_SUBGRAPH_URL,
    CAMPAIGNS_URL: UNUSED_SUBGRAPH_URL,
    SCORING_URL: UNUSED_SUBGRAPH_URL,
    RATE_LIMIT_PER_MINUTE: '0',
  });
  return {
    contentUrl: `${content.url}/graphql`,
    gatewayUrl: `${gateway.url}/graphql`,
    stop: async () => {
      await stopPiece(gateway);
      await stopPiece(content);
    },
  };
}

type SubgraphPieces = Partial<Record<'accounts' | 'content' | 'rules' | 'campaigns' | 'scoring', Piece>>;

/**
 * Composes the supergraph of the running subgraphs (their SDL as they serve
 * it now, asked unsigned, so each must run with DIRECT_CALLS) into
 * `<dir>/supergraph.graphql`, and returns its path.
 */
export async function composeSupergraph(dir: string, subgraphs: SubgraphPieces): Promise<string> {
  const services = await Promise.all(
    Object.entries(subgraphs).map(async ([name, piece]) => {
      const response = await fetch(`${piece!.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
      const sdl = ((await response.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
      return { name, typeDefs: parse(sdl), url: `${piece!.url}/graphql` };
    }),
  );
  const composed = composeServices(services);
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  const path = join(dir, 'supergraph.graphql');
  writeFileSync(path, composed.supergraphSdl);
  return path;
}

/** A gateway over `supergraphPath` sending each subgraph to its piece (the others reach nothing), without the per-address rate limit. */
export function startGatewayOver(supergraphPath: string, subgraphs: SubgraphPieces, env: Record<string, string> = {}): Promise<Piece> {
  const urls = Object.fromEntries(
    (['accounts', 'content', 'rules', 'campaigns', 'scoring'] as const).map((name) => [`${name.toUpperCase()}_URL`, subgraphs[name] ? `${subgraphs[name]!.url}/graphql` : UNUSED_SUBGRAPH_URL]),
  );
  return startPiece('services/gateway/src/main.js', { SUPERGRAPH_PATH: supergraphPath, RATE_LIMIT_PER_MINUTE: '0', ...urls, ...env });
}
