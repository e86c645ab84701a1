import { createWriteStream, fchmodSync, mkdirSync, openSync, WriteStream } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '@scriptbook/platform';

/**
 * Where `npm start` puts the JSON log lines of the processes it runs, and
 * what it prints itself. Every process logs JSON to its stdout, as it does
 * in containers; this only decides where those lines go on one machine.
 */

/** `files`: one file per process under LOG_DIR; `terminal`: readable lines here; `raw`: the JSON lines here. */
export const LOG_OUTPUTS = ['files', 'terminal', 'raw'] as const;
export type LogOutput = (typeof LOG_OUTPUTS)[number];

export interface LogSettings {
  readonly output: LogOutput;
  /** Only meaningful for `files`. */
  readonly dir: string;
}

const logSettingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_OUTPUT: z.enum(LOG_OUTPUTS).optional(),
  LOG_DIR: z.string().min(1).optional(),
});

/**
 * Reads LOG_OUTPUT and LOG_DIR. A production run keeps JSON on stdout (what
 * a log collector reads) unless told otherwise; anywhere else the terminal
 * stays readable and the JSON goes to `<data folder>/logs`.
 */
export function readLogSettings(env: NodeJS.ProcessEnv, dataDir: string): LogSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = logSettingsSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      'npm start',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const { NODE_ENV, LOG_OUTPUT, LOG_DIR } = parsed.data;
  return {
    output: LOG_OUTPUT ?? (NODE_ENV === 'production' ? 'raw' : 'files'),
    dir: resolve(LOG_DIR ?? join(dataDir, 'logs')),
  };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name', 'service']);

/** One pino JSON line as a person reads it: `12:03:04.512 WARN  message  key=value`. Anything else is returned as it came. */
export function prettyLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return line;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const level = (LEVELS[entry.level as number] ?? String(entry.level ?? '')).padEnd(5);
  const details = Object.entries(entry)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${detail(value)}`);
  return [time, level, String(entry.msg ?? ''), ...details].filter((part) => part !== '').join('  ');
}

function detail(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value && typeof value === 'object' && 'stack' in value && typeof value.stack === 'string') return `\n${value.stack}`;
  return JSON.stringify(value);
}

/** A path as short as it can be said from here: relative inside the working folder, absolute outside it. */
export function displayPath(path: string, from = process.cwd()): string {
  const inside = relative(from, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

const TAIL_LINES = 20;

/**
 * Log lines name players, groups and sessions, and an error line can quote
 * more: only the account that runs the platform reads them. Folders the
 * platform creates are 0700; a log file is made 0600 whether it is new or
 * left by an older run that made it readable to all (an existing LOG_DIR of
 * the operator's own keeps the mode it has).
 */
export const LOG_DIR_MODE = 0o700;
export const LOG_FILE_MODE = 0o600;

/**
 * One process's output: split into lines, sent where the settings say, and
 * its last lines kept so a process that fails can be explained on the
 * terminal without opening its file.
 */
export class PieceLog {
  private pending = '';
  private closed = false;
  private readonly recent: string[] = [];
  private readonly file: WriteStream | undefined;
  /** Where the lines are kept, for `files`. */
  readonly path: string | undefined;

  constructor(
    readonly piece: string,
    private readonly settings: LogSettings,
    private readonly terminal: NodeJS.WritableStream = process.stdout,
  ) {
    if (settings.output === 'files') {
      mkdirSync(settings.dir, { recursive: true, mode: LOG_DIR_MODE });
      this.path = join(settings.dir, `${piece}.log`);
      const fd = openSync(this.path, 'a', LOG_FILE_MODE);
      fchmodSync(fd, LOG_FILE_MODE);
      this.file = createWriteStream(this.path, { fd });
    }
  }

  write(chunk: Buffer | string): void {
    if (this.closed) return;
    const lines = (this.pending + chunk.toString()).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The last lines, readable. */
  tail(): string[] {
    return this.recent.map(prettyLogLine);
  }

  /** Writes what is left and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.pending) this.line(this.pending);
    this.pending = '';
    this.closed = true;
    const file = this.file;
    if (file) await new Promise<void>((done) => file.end(done));
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    this.recent.push(line);
    if (this.recent.length > TAIL_LINES) this.recent.shift();
    switch (this.settings.output) {
      case 'files':
        this.file!.write(`${line}\n`);
        break;
      case 'terminal':
        this.terminal.write(`${this.piece.padEnd(16)} │ ${prettyLogLine(line)}\n`);
        break;
      case 'raw':
        this.terminal.write(`${line}\n`);
        break;
    }
  }
}
