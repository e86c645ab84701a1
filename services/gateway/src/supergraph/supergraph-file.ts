import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SUPERGRAPH = join('graphql', 'supergraph.graphql');
const PUBLISHED_SCHEMA = join('graphql', 'schema.graphql');

/** A file of the release's `graphql/` folder, found by walking up from this file, so it resolves the same from source and from the build. */
function readReleaseFile(relative: string, hint: string): string {
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${relative} not found above ${__dirname}${hint}`);
    dir = parent;
  }
}

/** The supergraph composed at build time and checked in, unless `SUPERGRAPH_PATH` names another. */
export function readSupergraph(explicitPath?: string): string {
  if (explicitPath) return readFileSync(resolve(explicitPath), 'utf8');
  return readReleaseFile(SUPERGRAPH, '; set SUPERGRAPH_PATH');
}

/**
 * The published client schema, `graphql/schema.graphql`: the public API and
 * the Subscription root that `/graphql/ws` serves, derived by `npm run
 * schema:generate` and drift-tested against both.
 */
export function readPublishedSchema(): string {
  return readReleaseFile(PUBLISHED_SCHEMA, '');
}
