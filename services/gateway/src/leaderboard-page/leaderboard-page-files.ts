import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

export interface PageFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** A strong tag of the content, so a browser revalidates cheaply after each deployment. */
  readonly etag: string;
}

/** The only kinds of file the page is made of; anything else in the folder is not served. */
export const PAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

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

/** Every servable file of the folder by name, read once: the files change only with a build. */
export function loadPageFiles(directory: string): ReadonlyMap<string, PageFile> {
  const files = new Map<string, PageFile>();
  for (const name of readdirSync(directory)) {
    const contentType = PAGE_CONTENT_TYPES[extname(name)];
    const path = join(directory, name);
    if (!contentType || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    files.set(name, { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
  }
  return files;
}
