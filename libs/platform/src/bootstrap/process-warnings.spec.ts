import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs in a process of its own: Jest's sandbox does not deliver a process's warnings as Node does. */
const SCRIPT = `
const { warningsAsLogLines } = require(${JSON.stringify(join(__dirname, 'process-warnings.ts'))});
const handTo = warningsAsLogLines();
process.emitWarning('raised at start', 'DeprecationWarning', 'DEP_FIXTURE');
setImmediate(() => {
  handTo({ warn: (fields, message) => process.stdout.write(JSON.stringify({ ...fields, msg: message }) + '\\n') });
  process.emitWarning('raised later', 'ExperimentalWarning');
});
`;

describe('process warnings as log lines', () => {
  it('keeps warnings raised before the logger exists and writes every one as a warn line, none to stderr', () => {
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', SCRIPT], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([
      { warning: { name: 'DeprecationWarning', message: 'raised at start', code: 'DEP_FIXTURE' }, msg: 'node warning: DeprecationWarning' },
      { warning: { name: 'ExperimentalWarning', message: 'raised later' }, msg: 'node warning: ExperimentalWarning' },
    ]);
  });
});
