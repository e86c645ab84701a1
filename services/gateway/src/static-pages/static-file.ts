import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

/** One file of a page the gateway serves, held in memory: the files change only with a build or an install. */
export interface StaticFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** A strong tag of the content, so a browser revalidates cheaply after each deployment. */
  readonly etag: string;
}

/** The only kinds of file the pages are made of; anything else in a page's folder is not served. */
export const STATIC_CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
} as const satisfies Readonly<Record<string, string>>;

export function staticFile(contentType: string, body: Buffer): StaticFile {
  return { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Every servable file of a folder by name, read once. */
export function loadStaticFolder(directory: string): ReadonlyMap<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of readdirSync(directory)) {
    const contentType: string | undefined = STATIC_CONTENT_TYPES[extname(name) as keyof typeof STATIC_CONTENT_TYPES];
    const path = join(directory, name);
    if (!contentType || !statSync(path).isFile()) continue;
    files.set(name, staticFile(contentType, readFileSync(path)));
  }
  return files;
}
