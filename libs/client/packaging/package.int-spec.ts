import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { GAMES } from '@scriptbook/games';
import { systemClock } from '../src/clock';
import { InProcessServer } from '../src/testing/in-process-server';
import { buildPackage, packPackage } from './build-package';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '..', '..', '..');
/** What the package's install needs besides itself: its dependencies, graphql-ws's required peer, and Node's typings for the app's compile. */
const FROM_THE_CACHE_OF_AN_APP = ['zod', 'graphql-ws', 'graphql', '@types/node', 'undici-types'];

function run(command: string, args: readonly string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.status}):\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

/** A browser app that plays one game: the core entry and that game's entry, so its bundle carries no other game's code. */
const ONE_GAME_APP = `import { createScriptbookClient } from '@scriptbook/client/core';
import { game as twom } from '@scriptbook/client/games/twom';

export async function startTable(origin: string): Promise<number> {
  const client = await createScriptbookClient({ endpoint: \`\${origin}/graphql\`, games: [twom] });
  if (!client.session) await client.signInWithDevice({ displayName: 'One-game app' });
  const campaign = await client.createCampaign({ gameId: twom.id, name: 'In a tab' });
  return campaign.catalog().length;
}
`;

/** The app runs while this process serves it, so its run must not block the event loop. */
function runApp(args: readonly string[], cwd: string): Promise<string> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done, fail) => child.on('exit', (status) => (status === 0 ? done(stdout) : fail(new Error(`the app failed (${status}):\n${stdout}\n${stderr}`)))));
}

/** The published packages the repository has installed, packed as the tarballs a registry would serve. */
function packDependency(name: string, into: string): string {
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into, join(ROOT, 'node_modules', name)], into)) as { filename: string }[];
  return `file:./deps/${packed.filename}`;
}

/** A tiny local server: the in-process server of the SDK's tests behind HTTP, as the gateway's POST /graphql. */
async function localServer(): Promise<{ endpoint: string; server: Server }> {
  const scriptbook = new InProcessServer({ games: GAMES, clock: systemClock });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const { operationName, variables } = JSON.parse(body) as { operationName: string; variables: Record<string, unknown> };
      const answer = await scriptbook.handle(operationName, variables ?? {}, request.headers.authorization);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, server };
}

/**
 * `npm run package` gives a tarball an app outside the repository installs
 * with no network and nothing else of the repository, then type-checks, runs
 * (Node) and bundles (browser) against.
 */
describe('the packed @scriptbook/client in an app outside the repository', () => {
  const work = mkdtempSync(join(tmpdir(), 'scriptbook-client-app-'));
  const app = join(work, 'app');
  const deps = join(app, 'deps');
  let local: { endpoint: string; server: Server };

  beforeAll(async () => {
    mkdirSync(join(app, 'src'), { recursive: true });
    mkdirSync(deps);
    const packageDir = join(work, 'package');
    await buildPackage(packageDir);
    const tarball = packPackage(packageDir, deps);
    const dependencies = Object.fromEntries(FROM_THE_CACHE_OF_AN_APP.map((name) => [name, packDependency(name, deps)]));
    dependencies['@scriptbook/client'] = `file:./deps/${relative(deps, tarball)}`;
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'table-app', private: true, type: 'module', dependencies }, null, 2));
    for (const file of ['node-app.ts', 'browser-app.ts']) copyFileSync(join(__dirname, 'testing', file), join(app, 'src', file));
    // Written here, not kept beside the others: the package's per-game entries exist only in the package, not in the repository's paths.
    writeFileSync(join(app, 'src', 'one-game-app.ts'), ONE_GAME_APP);
    // No registry to reach: a request for anything not given as a tarball would fail the install.
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--registry', 'http://127.0.0.1:9/', '--cache', join(work, 'npm-cache')], app);
    local = await localServer();
  });

  afterAll(async () => {
    if (local) await new Promise((closed) => local.server.close(closed));
    rmSync(work, { recursive: true, force: true });
  });

  it('installs the package from its tarball alone, with its built entries and no sources', () => {
    const installed = join(app, 'node_modules', '@scriptbook', 'client');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>>; dependencies: Record<string, string> };
    expect(manifest.exports['.']).toEqual({ types: './types/client/src/index.d.ts', default: './index.js' });
    expect(manifest.exports['./node']).toEqual({ types: './types/client/src/node.d.ts', node: './node.js' });
    expect(manifest.exports['./games/twom']).toEqual({ types: './games/twom.d.ts', default: './games/twom.js' });
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['graphql-ws', 'zod']);
    const files = run('find', ['.', '-type', 'f'], installed).split('\n').filter(Boolean);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('type-checks a Node app against it with tsc, which then signs in and acts against a local server', async () => {
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'build', rootDir: 'src', types: ['node'], skipLibCheck: true },
      // The package's own declarations are checked by the browser app's compile; here Node's typings would double the time.
      files: ['src/node-app.ts'],
    };
    writeFileSync(join(app, 'tsconfig.node.json'), JSON.stringify(tsconfig));
    run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.node.json'], app);

    const printed = await runApp(['build/node-app.js', local.endpoint, join(work, 'outbox.json')], app);
    expect(JSON.parse(printed)).toEqual({
      signedIn: true,
      seq: 1,
      waterShownAtOnce: 2,
      verdict: 'applied',
      confirmed: { version: 1, water: 2 },
      refused: { code: 'NOT_FOUND', field: 'id', rule: 'exists' },
    });
  });

  it('type-checks browser apps with the DOM typings only and bundles them for the browser without reaching a Node built-in, one game through the core entry smaller', async () => {
    const tsconfig = {
      compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, types: [], skipLibCheck: false },
      files: ['src/browser-app.ts', 'src/one-game-app.ts'],
    };
    writeFileSync(join(app, 'tsconfig.browser.json'), JSON.stringify(tsconfig));
    run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.browser.json'], app);

    const bundle = (entry: string) => build({ entryPoints: [entry], absWorkingDir: app, bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, metafile: true, logLevel: 'silent' });
    const bundled = await bundle('src/browser-app.ts');
    const inputs = Object.keys(bundled.metafile.inputs);
    expect(inputs.filter((input) => input.startsWith('node:') || !resolve(app, input).startsWith(app + sep))).toEqual([]);
    expect(inputs).toContain('node_modules/@scriptbook/client/index.js');
    expect(inputs).not.toContain('node_modules/@scriptbook/client/node.js');
    expect(inputs.some((input) => input.startsWith('node_modules/graphql-ws/'))).toBe(true);

    // One game through the core entry: the same SDK, without the other games.
    const oneGame = await bundle('src/one-game-app.ts');
    expect(Object.keys(oneGame.metafile.inputs)).toEqual(expect.arrayContaining(['node_modules/@scriptbook/client/core.js', 'node_modules/@scriptbook/client/games/twom.js']));
    expect(Object.keys(oneGame.metafile.inputs)).not.toContain('node_modules/@scriptbook/client/index.js');
    expect(oneGame.outputFiles[0].contents.length).toBeLessThan(bundled.outputFiles[0].contents.length);
  });
});
