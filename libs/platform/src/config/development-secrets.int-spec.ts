import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** Reads or creates the secrets from a separate process, as each service does at start. */
function secretsFromAnotherProcess(dataDir: string): Promise<string> {
  const script = `process.stdout.write(JSON.stringify(require('./libs/platform/src/config/development-secrets').developmentSecrets(${JSON.stringify(dataDir)}).secrets))`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`exited ${code}: ${err}`))));
  });
}

describe('development secrets of one data folder', () => {
  it('come out the same for processes that start at the same moment, and leave no temporary files', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-secrets-race-'));
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => secretsFromAnotherProcess(dataDir)));
      expect(new Set(answers).size).toBe(1);
      expect(Object.keys(JSON.parse(answers[0])).sort()).toEqual(['GATEWAY_SIGNING_SECRET', 'JWT_SECRET']);
      expect(readdirSync(dataDir)).toEqual(['development-secrets.json']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
