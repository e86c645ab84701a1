import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { ConfigError } from '@scriptbook/platform';
import { displayPath, LOG_DIR_MODE, LOG_FILE_MODE, PieceLog, prettyLogLine, readLogSettings } from './platform-logs';

const LINE = JSON.stringify({ level: 40, time: '2026-12-01T01:05:41.637Z', service: 'content', name: 'content', context: 'Gateway', msg: 'slow query', ms: 812 });

describe('npm start log settings', () => {
  it('sends logs to files under the data folder by default', () => {
    expect(readLogSettings({}, '/srv/data')).toEqual({ output: 'files', dir: '/srv/data/logs' });
  });

  it('keeps JSON on stdout in production unless told otherwise', () => {
    expect(readLogSettings({ NODE_ENV: 'production' }, '/srv/data').output).toBe('raw');
    expect(readLogSettings({ NODE_ENV: 'production', LOG_OUTPUT: 'files' }, '/srv/data').output).toBe('files');
  });

  it('takes LOG_OUTPUT and LOG_DIR, an empty one meaning unset', () => {
    expect(readLogSettings({ LOG_OUTPUT: 'terminal', LOG_DIR: '/var/log/scriptbook' }, '/srv/data')).toEqual({ output: 'terminal', dir: '/var/log/scriptbook' });
    expect(readLogSettings({ LOG_OUTPUT: '' }, '/srv/data').output).toBe('files');
  });

  it('refuses an unknown output, naming the setting and the choices', () => {
    expect(() => readLogSettings({ LOG_OUTPUT: 'loud' }, '/srv/data')).toThrow(ConfigError);
    expect(() => readLogSettings({ LOG_OUTPUT: 'loud' }, '/srv/data')).toThrow(/LOG_OUTPUT: .*'files' \| 'terminal' \| 'raw'/);
  });
});

describe('prettyLogLine', () => {
  it('shows time, level, message and the other fields of a pino line', () => {
    expect(prettyLogLine(LINE)).toBe('01:05:41.637  WARN   slow query  context=Gateway  ms=812');
  });

  it('quotes values with spaces and prints an error stack on its own lines', () => {
    const line = JSON.stringify({ level: 50, time: '2026-12-01T01:05:41.637Z', msg: 'failed', url: 'a b', err: { message: 'x', stack: 'Error: x\n    at y' } });
    expect(prettyLogLine(line)).toBe('01:05:41.637  ERROR  failed  url="a b"  err=\nError: x\n    at y');
  });

  it('passes through what is not a JSON object (a message before the logger exists)', () => {
    expect(prettyLogLine('content: invalid configuration')).toBe('content: invalid configuration');
    expect(prettyLogLine('42')).toBe('42');
  });
});

describe('displayPath', () => {
  it('is relative inside the working folder and absolute outside it', () => {
    expect(displayPath('/srv/scriptbook/data/logs', '/srv/scriptbook')).toBe('data/logs');
    expect(displayPath('/tmp/logs', '/srv/scriptbook')).toBe('/tmp/logs');
  });
});

describe('PieceLog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-piece-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function terminal() {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    return { stream, text: () => text };
  }

  it('files: writes whole lines to <dir>/<piece>.log, nothing to the terminal, and keeps the last lines', async () => {
    const out = terminal();
    const log = new PieceLog('content', { output: 'files', dir }, out.stream);
    // Chunks split mid-line, as pipes deliver them.
    log.write(LINE.slice(0, 20));
    log.write(`${LINE.slice(20)}\nsecond`);
    log.write(' line\n');
    await log.close();
    expect(log.path).toBe(join(dir, 'content.log'));
    expect(readFileSync(log.path!, 'utf8')).toBe(`${LINE}\nsecond line\n`);
    expect(out.text()).toBe('');
    expect(log.tail()).toEqual([prettyLogLine(LINE), 'second line']);
  });

  it('files: only their owner can read them, in folders only their owner can open, an older world-readable file included', async () => {
    const logs = join(dir, 'private', 'logs');
    const fresh = new PieceLog('gateway', { output: 'files', dir: logs });
    fresh.write(`${LINE}\n`);
    await fresh.close();
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect([mode(join(dir, 'private')), mode(logs)]).toEqual([LOG_DIR_MODE, LOG_DIR_MODE]);
    expect(mode(fresh.path!)).toBe(LOG_FILE_MODE);

    const older = join(logs, 'accounts.log');
    writeFileSync(older, 'from an older run\n');
    chmodSync(older, 0o644);
    const reopened = new PieceLog('accounts', { output: 'files', dir: logs });
    reopened.write(`${LINE}\n`);
    await reopened.close();
    expect(mode(older)).toBe(LOG_FILE_MODE);
    expect(readFileSync(older, 'utf8')).toBe(`from an older run\n${LINE}\n`);
  });

  it('files: appends, so a crash before a restart stays on record', async () => {
    const log = new PieceLog('content', { output: 'files', dir });
    log.write('third\n');
    await log.close();
    expect(readFileSync(join(dir, 'content.log'), 'utf8')).toBe(`${LINE}\nsecond line\nthird\n`);
  });

  it('keeps only the last 20 lines for a failure report', async () => {
    const log = new PieceLog('rules', { output: 'files', dir });
    for (let i = 1; i <= 25; i++) log.write(`line ${i}\n`);
    await log.close();
    expect(log.tail()).toHaveLength(20);
    expect(log.tail()[0]).toBe('line 6');
  });

  it('terminal: readable lines named by piece, and no file', async () => {
    const out = terminal();
    const log = new PieceLog('content', { output: 'terminal', dir: join(dir, 'unused') }, out.stream);
    log.write(`${LINE}\n`);
    await log.close();
    expect(out.text()).toBe(`content          │ ${prettyLogLine(LINE)}\n`);
    expect(log.path).toBeUndefined();
  });

  it('raw: the JSON lines as they came', async () => {
    const out = terminal();
    const log = new PieceLog('content', { output: 'raw', dir }, out.stream);
    log.write(`${LINE}\n\n`);
    await log.close();
    expect(out.text()).toBe(`${LINE}\n`);
  });
});
