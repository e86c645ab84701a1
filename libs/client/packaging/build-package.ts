import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, Metafile } from 'esbuild';
import { GameEntry, gameEntries, gameEntryDeclaration, gameEntryPlugin, gameEntryPoint } from './game-entries';
import { anyInPublicApi } from './public-api';

/**
 * Builds the package an app installs (`npm run package` in libs/client):
 * the entries (and one per game, its campaign model alone, for the core
 * entry) bundled as ES modules with what they use of the repository's
 * pure libraries (shared code in common chunks, so a class is one class
 * whichever entry an app imports it through), their declarations with the
 * libraries' paths made relative, and the checks that keep the package
 * installable on its own: the bundles reach no package but the declared
 * dependencies, and no `any` is reachable from the entries' types.
 */
const CLIENT_DIR = join(__dirname, '..');
const ROOT = join(CLIENT_DIR, '..', '..');

/** Entry name, its source, and whether it may reach Node's built-ins. */
export const PACKAGE_ENTRIES = [
  { name: 'index', source: 'src/index.ts', node: false },
  { name: 'core', source: 'src/core.ts', node: false },
  { name: 'node', source: 'src/node.ts', node: true },
] as const;

interface Manifest {
  name: string;
  version: string;
  description: string;
  license: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional: boolean }>;
}
const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, 'package.json'), 'utf8')) as Manifest;
const DECLARED = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})]);

/** Where an entry's declarations are below the package's folder. */
const typesPath = (entry: string) => `types/client/src/${entry}.d.ts`;

function emitDeclarations(types: string): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(__dirname, 'tsconfig.types.json'), '--outDir', types], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the declarations did not compile:\n${run.stdout}${run.stderr}`);
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A module path as ES module resolution wants it: the file with `.js`, or a folder's `index.js`. */
function withExtension(types: string, fromDir: string, target: string): string {
  const file = existsSync(`${target}.d.ts`) ? `${target}.js` : existsSync(join(target, 'index.d.ts')) ? join(target, 'index.js') : null;
  if (!file) throw new Error(`no declarations for ${relative(types, target)}`);
  const path = relative(fromDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * The repository resolves `@scriptbook/<lib>/<path>` by its own paths; an
 * app has no such paths, so each becomes the relative path of the library's
 * declarations in the package, and every relative path gets its extension.
 */
function rewriteSpecifiers(types: string): void {
  const specifier = /(from\s+|import\s*\(\s*|import\s+)(['"])([^'"\s]+)\2/g;
  for (const file of declarationFiles(types)) {
    const dir = dirname(file);
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(specifier, (whole, lead: string, quote: string, spec: string) => {
      const library = /^@scriptbook\/([^/]+)(?:\/(.*))?$/.exec(spec);
      if (library) {
        const base = join(types, library[1], 'src');
        if (!existsSync(base)) throw new Error(`${relative(types, file)} names ${spec}, which the package does not carry`);
        return `${lead}${quote}${withExtension(types, dir, library[2] ? join(base, library[2]) : base)}${quote}`;
      }
      if (spec.startsWith('.')) return `${lead}${quote}${withExtension(types, dir, join(dir, spec))}${quote}`;
      if (!DECLARED.has(spec.split('/')[0]) && !spec.startsWith('node:')) throw new Error(`${relative(types, file)} names ${spec}, which the package does not depend on`);
      return whole;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

async function bundle(outdir: string, games: readonly GameEntry[]): Promise<Metafile> {
  const result = await build({
    entryPoints: {
      ...Object.fromEntries(PACKAGE_ENTRIES.map((entry) => [entry.name, join(CLIENT_DIR, entry.source)])),
      ...Object.fromEntries(games.map((game) => [`games/${game.id}`, gameEntryPoint(game)])),
    },
    plugins: [gameEntryPlugin(games)],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    chunkNames: 'chunks/[name]-[hash]',
    tsconfig: join(ROOT, 'tsconfig.json'),
    absWorkingDir: ROOT,
    external: [...DECLARED, 'node:*'],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  return result.metafile;
}

/** What each built file imports from outside the package: only the declared dependencies, and Node's built-ins only below the Node entry. */
function checkImports(metafile: Metafile): void {
  const nodeOnly = new Set<string>();
  const reach = (output: string, into: Set<string>) => {
    if (into.has(output)) return;
    into.add(output);
    for (const imported of metafile.outputs[output].imports) if (!imported.external) reach(imported.path, into);
  };
  const universal = new Set<string>();
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!meta.entryPoint) continue;
    // Every entry but the Node one is universal, the games' included.
    const entry = PACKAGE_ENTRIES.find((candidate) => meta.entryPoint === relative(ROOT, join(CLIENT_DIR, candidate.source)).split(sep).join('/'));
    reach(output, entry?.node ? nodeOnly : universal);
  }
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    for (const imported of meta.imports.filter((i) => i.external)) {
      const name = imported.path.startsWith('node:') ? 'node:' : imported.path.split('/')[0];
      if (name === 'node:' && universal.has(output)) throw new Error(`${output} is reached from a universal entry and imports ${imported.path}`);
      if (name !== 'node:' && !DECLARED.has(name)) throw new Error(`${output} imports ${imported.path}, which the package does not depend on`);
    }
  }
}

/**
 * The package's own manifest: the repository's libs/client/package.json
 * points at the sources (the repository and its tests import them), the
 * package at the bundles and declarations beside it.
 */
function packageManifest(games: readonly GameEntry[]): object {
  const entry = (name: string, node: boolean) => ({ types: `./${typesPath(name)}`, [node ? 'node' : 'default']: `./${name}.js` });
  return {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    license: manifest.license,
    private: true,
    type: 'module',
    engines: manifest.engines,
    main: './index.js',
    types: `./${typesPath('index')}`,
    exports: {
      ...Object.fromEntries(PACKAGE_ENTRIES.map(({ name, node }) => [name === 'index' ? '.' : `./${name}`, entry(name, node)])),
      ...Object.fromEntries(games.map((game) => [`./games/${game.id}`, { types: `./games/${game.id}.d.ts`, default: `./games/${game.id}.js` }])),
    },
    sideEffects: false,
    dependencies: manifest.dependencies,
    peerDependencies: manifest.peerDependencies,
    peerDependenciesMeta: manifest.peerDependenciesMeta,
  };
}

/**
 * Builds the package into `outDir`, its manifest included, ready for `npm
 * pack`. A folder outside the repository's sources: inside, the repository's
 * own type check would take the package's declarations for sources.
 */
export async function buildPackage(outDir: string): Promise<void> {
  const types = join(outDir, 'types');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  emitDeclarations(types);
  rewriteSpecifiers(types);
  const games = gameEntries();
  const metafile = await bundle(outDir, games);
  checkImports(metafile);
  // Beside each game's bundle: types/games holds the games library's own declarations.
  for (const game of games) writeFileSync(join(outDir, 'games', `${game.id}.d.ts`), gameEntryDeclaration(game));
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(packageManifest(games), null, 2)}\n`);
  copyFileSync(join(CLIENT_DIR, 'README.md'), join(outDir, 'README.md'));
  const anys = anyInPublicApi(outDir, [...PACKAGE_ENTRIES.map((entry) => join(outDir, typesPath(entry.name))), ...games.map((game) => join(outDir, 'games', `${game.id}.d.ts`))]);
  if (anys.length > 0) throw new Error(`the public API has \`any\`:\n${anys.map((found) => `  - ${found.at} in ${found.declaration}`).join('\n')}`);
}

/** `npm pack` of a built package folder; the tarball goes to `destination` and its path is returned. */
export function packPackage(outDir: string, destination: string): string {
  const npm = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], { cwd: outDir, encoding: 'utf8' });
  if (npm.status !== 0) throw new Error(`npm pack failed:\n${npm.stdout}${npm.stderr}`);
  const [packed] = JSON.parse(npm.stdout) as { filename: string }[];
  return join(destination, packed.filename);
}

/** `npm run package` in libs/client: the tarball, in the folder given (libs/client unless told). */
if (require.main === module) {
  const destination = resolve(process.argv[2] ?? CLIENT_DIR);
  const outDir = mkdtempSync(join(tmpdir(), 'scriptbook-client-package-'));
  buildPackage(outDir)
    .then(() => process.stdout.write(`${relative(process.cwd(), packPackage(outDir, destination))}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => rmSync(outDir, { recursive: true, force: true }));
}
