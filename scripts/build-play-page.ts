import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Builds the table screen (web/play) into dist/web/play, where the gateway
 * serves it at /play/: checked by tsc with the DOM's types (and the
 * worker's), then bundled by esbuild into one ES module with the client
 * SDK and every game's campaign model, since a browser cannot resolve the
 * repository's `@scriptbook/*` paths; the offline worker is bundled on its
 * own, and the HTML, stylesheet and icon are copied beside them.
 */
const ROOT = resolve(__dirname, '..', '..');
const PAGE = join(ROOT, 'web', 'play');
const OUT = join(ROOT, 'dist', 'web', 'play');

function typecheck(project: string): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(PAGE, project)], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`web/play/${project} does not compile:\n${run.stdout}${run.stderr}`);
}

typecheck('tsconfig.json');
typecheck('tsconfig.worker.json');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const common = { bundle: true, platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning', absWorkingDir: ROOT, tsconfig: join(PAGE, 'tsconfig.json') } as const;
buildSync({ ...common, entryPoints: [join(PAGE, 'src', 'main.ts')], format: 'esm', outfile: join(OUT, 'main.js') });
buildSync({ ...common, entryPoints: [join(PAGE, 'src', 'offline-worker.ts')], format: 'iife', outfile: join(OUT, 'offline-worker.js') });
cpSync(join(PAGE, 'public'), OUT, { recursive: true });
