import * as fs from 'fs';
import * as path from 'path';

/**
 * The engine must run anywhere (server, worker, browser, replay tool), so its
 * shipped code may not reach for frameworks, databases, the network or the
 * file system. Spec files are test harness, not engine, and may use fs.
 */
const FORBIDDEN = ['@nestjs', 'typeorm', 'pg', 'ioredis', 'bullmq', 'fs', 'net', 'http'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(int-|e2e-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

function importedModules(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(pattern)) found.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return found;
}

function isForbidden(specifier: string): boolean {
  const bare = specifier.replace(/^node:/, '');
  return FORBIDDEN.some((name) => bare === name || bare.startsWith(`${name}/`));
}

describe('rules-engine purity', () => {
  const files = sourceFiles(__dirname);

  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(__dirname, f), f]))(
    '%s imports no @nestjs, typeorm, pg, ioredis, bullmq, fs, net or http',
    (_name, file) => {
      const offending = importedModules(fs.readFileSync(file, 'utf8')).filter(isForbidden);
      expect(offending).toEqual([]);
    },
  );

  it('the import scanner catches the forms it must', () => {
    const sample = "import { x } from 'node:fs';\nimport 'pg';\nconst r = require('http');\nexport * from '@nestjs/common';\nimport y from 'ioredis/built';";
    expect(importedModules(sample).filter(isForbidden)).toEqual(['node:fs', 'pg', 'http', '@nestjs/common', 'ioredis/built']);
    expect(isForbidden('./fs-like')).toBe(false);
    expect(isForbidden('pgp')).toBe(false);
  });

  it('no engine source calls Math.random or Date', () => {
    const code = (f: string) => fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const offenders = files.filter((f) => /Math\.random\s*\(|\bDate\s*[.(]|new\s+Date\b/.test(code(f)));
    expect(offenders.map((f) => path.relative(__dirname, f))).toEqual([]);
  });
});
