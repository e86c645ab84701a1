import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * What a device runs too must run anywhere: in a browser bundle, in React
 * Native, in a worker. These libraries, and everything they import, reach no
 * framework, database, network or file system, and draw no randomness or
 * time of their own (a replay on another machine must give the same state).
 */
const ROOT = resolve(__dirname, '..', '..');
const PURE_LIBRARIES = ['schema', 'rules-engine', 'campaign-model', 'games'];
/** Packages pure code may import. */
const ALLOWED_PACKAGES = new Set(['zod']);
const ALIAS = /^@scriptbook\/([^/]+)(?:\/(.*))?$/;

const isTestFile = (file: string) => /\.(int-|e2e-)?spec\.ts$|\.spec-fixtures\.ts$/.test(file) || file.split('/').includes('testing');

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return entry.name.endsWith('.ts') && !isTestFile(full) ? [full] : [];
  });
}

export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const pattern = /(?:import|export)\s(?:type\s)?[^'";]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...code.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The file an import names inside the repository, or the package it names outside. */
function target(specifier: string, from: string): { file: string } | { package: string } {
  const alias = ALIAS.exec(specifier);
  if (alias) {
    const file = resolveFile(join(ROOT, 'libs', alias[1], 'src', alias[2] ?? ''));
    if (!file) throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
    return { file };
  }
  if (specifier.startsWith('.')) {
    const file = resolveFile(resolve(dirname(from), specifier));
    if (!file) throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
    return { file };
  }
  const parts = specifier.replace(/^node:/, '').split('/');
  return { package: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

/** Every package reached from `start`, transitively through repository files, with one import chain that reaches it. */
function packagesReached(start: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>([start]);
  const queue: { file: string; chain: string[] }[] = [{ file: start, chain: [relative(ROOT, start)] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const found = target(specifier, file);
      if ('package' in found) {
        if (!reached.has(found.package)) reached.set(found.package, chain);
      } else if (!seen.has(found.file)) {
        seen.add(found.file);
        queue.push({ file: found.file, chain: [...chain, relative(ROOT, found.file)] });
      }
    }
  }
  return reached;
}

describe('pure libraries', () => {
  const files = PURE_LIBRARIES.flatMap((lib) => sourcesOf(join(ROOT, 'libs', lib, 'src')));

  it('finds their sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s reaches no package but zod, however deep it imports', (_name, file) => {
    const forbidden = [...packagesReached(file)].filter(([name]) => !ALLOWED_PACKAGES.has(name)).map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
    expect(forbidden).toEqual([]);
  });

  it('none calls Math.random or reads the clock', () => {
    const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const offenders = files.filter((file) => /Math\.random\s*\(|\bDate\s*[.(]|new\s+Date\b|performance\.now/.test(code(file)));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('the import scanner sees every form of import, and a package reached through a repository file', () => {
    const sample = "import { x } from 'node:fs';\nimport type { Y } from './y';\nimport 'pg';\nconst r = require('http');\nexport * from '@nestjs/common';\nconst m = import('ioredis/built');";
    expect(importsOf(sample)).toEqual(['node:fs', './y', 'pg', 'http', '@nestjs/common', 'ioredis/built']);
    const reached = packagesReached(join(ROOT, 'libs', 'platform', 'src', 'index.ts'));
    expect(reached.has('@nestjs/common')).toBe(true);
  });
});

/**
 * The client SDK's universal entries run in browsers and React Native:
 * everything they reach, however deep, is pure or one of two packages.
 * `zod`, which the campaign models are written in, and `graphql-ws`, the
 * live updates' client: its browser build is its client alone and has no
 * dependencies (in Node its main module also loads its server and so
 * `graphql`, a dependency every Node app of the platform has). The SDK
 * sends its operations as text, so `graphql` itself is never imported.
 * Unlike the pure libraries the SDK reads the clock and draws randomness:
 * backoff, token expiry and ids need them, through injectable adapters.
 */
describe('the client SDK', () => {
  const SDK_ALLOWED = new Set(['zod', 'graphql-ws']);
  const NODE_BUILT_INS = new Set(['fs', 'path']);
  const entry = (name: string) => join(ROOT, 'libs', 'client', 'src', `${name}.ts`);

  it.each(['index', 'core'])('universal entry %s.ts reaches no Node built-in, no framework, no package but zod and graphql-ws', (name) => {
    const forbidden = [...packagesReached(entry(name))].filter(([pkg]) => !SDK_ALLOWED.has(pkg)).map(([pkg, chain]) => `${pkg} via ${chain.join(' → ')}`);
    expect(forbidden).toEqual([]);
  });

  it('the Node entry adds only the file system to them', () => {
    const reached = [...packagesReached(entry('node'))].map(([pkg]) => pkg);
    expect(reached.filter((pkg) => !SDK_ALLOWED.has(pkg) && !NODE_BUILT_INS.has(pkg))).toEqual([]);
    expect(reached).toEqual(expect.arrayContaining(['fs']));
  });

  it('the default entry imports the games, so the campaign code a device runs is the server’s', () => {
    expect(importsOf(readFileSync(entry('index'), 'utf8'))).toContain('@scriptbook/games');
  });
});
