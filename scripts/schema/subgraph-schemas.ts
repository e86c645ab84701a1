import { composeServices } from '@apollo/composition';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'graphql';
import { DEFAULT_PORTS, SUBGRAPHS, SubgraphName } from '@scriptbook/platform';

const ROOT = resolve(__dirname, '..', '..');
export const GRAPHQL_DIR = join(ROOT, 'graphql');
export const SUPERGRAPH_FILE = join(GRAPHQL_DIR, 'supergraph.graphql');
/** The public API without federation internals, for client tools. */
export const CLIENT_SCHEMA_FILE = join(GRAPHQL_DIR, 'schema.graphql');

export function subgraphFile(name: SubgraphName): string {
  return join(GRAPHQL_DIR, `${name}.graphql`);
}

export function readCheckedIn(file: string): string {
  return readFileSync(file, 'utf8');
}

/** The SDL one subgraph serves, from a process of its own running the current source. */
async function servedSdl(name: SubgraphName): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      require.resolve('ts-node/dist/bin'),
      '-r',
      'tsconfig-paths/register',
      '--transpile-only',
      join(ROOT, 'scripts', 'schema', 'print-subgraph-sdl.ts'),
      name,
    ],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') } },
  );
  return stdout;
}

export async function servedSubgraphSdls(): Promise<Record<SubgraphName, string>> {
  const sdls = await Promise.all(SUBGRAPHS.map(servedSdl));
  return Object.fromEntries(SUBGRAPHS.map((name, i) => [name, sdls[i]])) as Record<SubgraphName, string>;
}

/** Composes the supergraph the gateway serves, with each subgraph's local URL. */
export function composeSupergraph(sdls: Record<SubgraphName, string>): string {
  const result = composeServices(
    SUBGRAPHS.map((name) => ({
      name,
      url: `http://127.0.0.1:${DEFAULT_PORTS[name]}/graphql`,
      typeDefs: parse(sdls[name]),
    })),
  );
  if (result.errors) throw new Error(`composition failed:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  return `${result.supergraphSdl.trim()}\n`;
}
