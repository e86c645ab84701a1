import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const RELATIVE = join('graphql', 'supergraph.graphql');

/**
 * The supergraph composed at build time and checked in. Found by walking up
 * from this file, so it resolves the same from source and from the build.
 */
export function readSupergraph(explicitPath?: string): string {
  if (explicitPath) return readFileSync(resolve(explicitPath), 'utf8');
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${RELATIVE} not found above ${__dirname}; set SUPERGRAPH_PATH`);
    dir = parent;
  }
}
