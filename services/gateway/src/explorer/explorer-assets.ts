import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { STATIC_CONTENT_TYPES, StaticFile, staticFile } from '../static-pages/static-file';
import { EXPLORER_START_SCRIPT, EXPLORER_STYLESHEET } from './explorer-page';

const JS = STATIC_CONTENT_TYPES['.js'];
const CSS = STATIC_CONTENT_TYPES['.css'];

/** React's packages export no `umd/` subpath, so their files are found from the package root. */
function packageFile(packageName: string, file: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), file);
}

/**
 * Where each file the explorer page loads comes from: the installed npm
 * packages, never a CDN, so the explorer works on a machine with no
 * internet and no request leaves it.
 */
const SOURCES: Record<string, { readonly path: () => string; readonly contentType: string }> = {
  'react.js': { path: () => packageFile('react', 'umd/react.production.min.js'), contentType: JS },
  'react-dom.js': { path: () => packageFile('react-dom', 'umd/react-dom.production.min.js'), contentType: JS },
  'graphiql.js': { path: () => require.resolve('graphiql/graphiql.min.js'), contentType: JS },
  'graphiql.css': { path: () => require.resolve('graphiql/graphiql.min.css'), contentType: CSS },
};

/** The asset names the page links to, in the order its scripts must run. */
export const EXPLORER_ASSET_NAMES = ['graphiql.css', 'explorer.css', 'react.js', 'react-dom.js', 'graphiql.js', 'start.js'] as const;

/**
 * Every asset read once, when the explorer is first served: the files
 * change only with an install. The source-map comments are dropped, since
 * the maps are not served and a browser's developer tools would ask for them.
 */
export function loadExplorerAssets(): ReadonlyMap<string, StaticFile> {
  const assets = new Map<string, StaticFile>();
  for (const [name, source] of Object.entries(SOURCES)) {
    const text = readFileSync(source.path(), 'utf8').replace(/\n?\/[*/][#@] sourceMappingURL=[^\n]*\s*$/, '\n');
    assets.set(name, staticFile(source.contentType, Buffer.from(text)));
  }
  assets.set('explorer.css', staticFile(CSS, Buffer.from(EXPLORER_STYLESHEET)));
  assets.set('start.js', staticFile(JS, Buffer.from(EXPLORER_START_SCRIPT)));
  return assets;
}
