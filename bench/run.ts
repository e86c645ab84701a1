import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `npm run bench`: every benchmark in this folder, one after another, each in its own process. */
const benchmarks = readdirSync(__dirname)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .sort();

for (const file of benchmarks) {
  process.stdout.write(`\n== ${file}\n`);
  execFileSync(
    process.execPath,
    [require.resolve('ts-node/dist/bin'), '-r', 'tsconfig-paths/register', '--transpile-only', join(__dirname, file)],
    { stdio: 'inherit' },
  );
}
