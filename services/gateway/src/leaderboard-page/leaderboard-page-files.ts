import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const RELATIVE = join('dist', 'web', 'leaderboard');

/**
 * Where the build put the page (`npm run build` compiles web/leaderboard
 * into dist/web/leaderboard). Found by walking up from this file, so it
 * resolves the same from source, from the build and in the container image.
 */
export function findPageDirectory(from: string = __dirname): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
