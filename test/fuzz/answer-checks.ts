import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Answer, ResultShape } from './transports';

/** One broken promise of the API, seen in one answer. */
export interface Violation {
  /** Which promise: `http-5xx`, `internal-server-error`, ... */
  readonly check: string;
  /** What was seen, in words a finding can be grouped by (no ids, no timings). */
  readonly detail: string;
}

const API_DOC = join(__dirname, '..', '..', 'docs', 'api.md');

/** The codes docs/api.md lists in its table of errors: the only ones a client is told to expect. */
export function documentedErrorCodes(doc = readFileSync(API_DOC, 'utf8')): Set<string> {
  const section = doc.slice(doc.indexOf('## Errors'));
  const table = section.slice(0, section.indexOf('\n## ', 1) === -1 ? undefined : section.indexOf('\n## ', 1));
  return new Set([...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]));
}

/** Extension keys that would tell a client about the server's insides. */
const LEAKING_EXTENSIONS = ['stacktrace', 'exception', 'serviceName', 'query', 'variables'];

/** WebSocket close codes that mean the server failed: 1011 (internal error) and graphql-ws's 4500. */
const INTERNAL_CLOSES = new Set([1011, 4500]);

/**
 * What every answer must keep, whatever was sent: an answer within the
 * deadline, no HTTP 500, a GraphQL-shaped body, and errors that carry a
 * documented code (never INTERNAL_SERVER_ERROR), bad input naming its field
 * and rule, nothing of the server's insides.
 */
export function checkAnswer(answer: Answer, codes: ReadonlySet<string>): Violation[] {
  if (answer.noAnswer) return [{ check: 'no-answer-in-time', detail: answer.noAnswer.replace(/\d+ ms/, 'the deadline') }];
  const violations: Violation[] = [];
  if (answer.status !== undefined && answer.status >= 500) violations.push({ check: 'http-5xx', detail: `HTTP ${answer.status}` });
  if (answer.closed && INTERNAL_CLOSES.has(answer.closed.code)) {
    violations.push({ check: 'socket-closed-as-internal-error', detail: `close ${answer.closed.code} ${answer.closed.reason}` });
  }
  if (answer.text !== undefined && answer.results.length === 0) {
    violations.push({ check: 'not-graphql-json', detail: `HTTP ${answer.status} body is not JSON: ${answer.text.slice(0, 60)}` });
  }
  for (const result of answer.results) violations.push(...checkResult(result, codes));
  return violations;
}

function checkResult(result: ResultShape, codes: ReadonlySet<string>): Violation[] {
  if (typeof result !== 'object' || result === null) return [{ check: 'not-graphql-json', detail: `result is ${JSON.stringify(result)}` }];
  if (result.errors === undefined) {
    return result.data === undefined ? [{ check: 'not-graphql-json', detail: 'neither data nor errors' }] : [];
  }
  if (!Array.isArray(result.errors)) return [{ check: 'not-graphql-json', detail: 'errors is not a list' }];
  return result.errors.flatMap((error: unknown) => checkError(error, codes));
}

function checkError(error: unknown, codes: ReadonlySet<string>): Violation[] {
  const { message, extensions } = (error ?? {}) as { message?: unknown; extensions?: Record<string, unknown> };
  const said = typeof message === 'string' ? message : JSON.stringify(message);
  const code = extensions?.code;
  if (typeof code !== 'string') return [{ check: 'error-without-code', detail: said }];
  const violations: Violation[] = [];
  if (code === 'INTERNAL_SERVER_ERROR') violations.push({ check: 'internal-server-error', detail: said });
  else if (!codes.has(code)) violations.push({ check: 'undocumented-code', detail: `${code}: ${said}` });
  if (code === 'BAD_USER_INPUT' && (typeof extensions?.field !== 'string' || typeof extensions?.rule !== 'string')) {
    violations.push({ check: 'bad-input-without-field-or-rule', detail: said });
  }
  const leaked = LEAKING_EXTENSIONS.filter((key) => extensions?.[key] !== undefined);
  if (leaked.length > 0) violations.push({ check: 'error-leaks-internals', detail: `extensions.${leaked.join(', extensions.')}` });
  return violations;
}
