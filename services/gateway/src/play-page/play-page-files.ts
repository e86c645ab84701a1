import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const RELATIVE = join('dist', 'web', 'play');

/**
 * Where the build put the table screen (`npm run build` bundles web/play
 * into dist/web/play). Found by walking up from this file, so it resolves
 * the same from source, from the build and in the container image.
 */
export function findPlayPageDirectory(from: string = __dirname): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
