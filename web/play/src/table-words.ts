import type { PendingAction, Rejection, SyncStatus } from '@scriptbook/client';

/**
 * What the table screen says about a campaign's sync, its waiting actions,
 * its refusals and the API's errors. Pure (no DOM), so it is unit-tested
 * in Node; the sections only put these words on the page.
 */

/** The connection, as one line for the status region. */
export function connectionWords(sync: SyncStatus): string {
  switch (sync.connection) {
    case 'online': {
      const live = sync.live === 'following' ? 'live updates on' : sync.live === 'connecting' ? 'connecting live updates' : 'checking for changes now and then';
      const archived = sync.archived ? '; archived: read-only, actions wait here until a member unarchives it' : '';
      return sync.behind ? `Online, behind: the server holds newer changes, fetching them (${live})${archived}` : `Online (${live})${archived}`;
    }
    case 'deleted':
      return 'Deleted: a member deleted this campaign; actions kept on this device wait in case it is restored';
    case 'offline':
      return 'Offline: actions are kept on this device and sent when the connection returns';
    case 'signed-out':
      return 'Signed out: sign in to send and receive changes';
    case 'stopped':
      return `Stopped: ${sync.error ? `${sync.error.message} (${errorDetails(sync.error)})` : 'the server refused this campaign'}`;
  }
}

/** How many actions wait for the server. */
export function pendingWords(pending: readonly PendingAction[]): string {
  if (pending.length === 0) return 'Nothing waiting: every action is confirmed';
  return `${pending.length} ${pending.length === 1 ? 'action waits' : 'actions wait'} for the server`;
}

const STATUS_WORDS: Record<PendingAction['status'], string> = {
  saving: 'saving on this device',
  queued: 'waiting to be sent',
  sending: 'sending',
  confirming: 'sent, being confirmed',
};

/** One waiting action: what it is, where it stands, and a conflict the device already sees. */
export function pendingActionWords(action: PendingAction): string {
  const seq = action.seq === null ? '' : `#${action.seq} `;
  const conflict = action.conflict ? `; likely refused: ${action.conflict.reason}` : '';
  return `${seq}${named(action.name, action.args)}: ${STATUS_WORDS[action.status]}${conflict}`;
}

/** A refused action with the server's reason and where it points. */
export function rejectionWords(rejection: Rejection): string {
  const reason = rejection.reasonKnown ? rejection.reason : 'the server refused it, and the answer that said why was lost';
  return `${named(rejection.name, rejection.args)} was refused: ${reason} (${errorDetails(rejection)})`;
}

function named(name: string, args: Readonly<Record<string, unknown>>): string {
  const words = argsWords(args);
  return words ? `${name} ${words}` : name;
}

/** `{"resource":"Water","amount":2}` reads as `resource Water, amount 2`. */
export function argsWords(args: Readonly<Record<string, unknown>>): string {
  const parts = Object.entries(args).map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length ? `(${parts.join(', ')})` : '';
}

/** What the API's errors carry (docs/api.md), or what a network failure is. */
export interface ErrorLike {
  readonly name?: string;
  readonly message: string;
  readonly code?: string | null;
  readonly field?: string | null;
  readonly rule?: string | null;
  readonly retryAfter?: number;
}

/** `code BAD_USER_INPUT, field args.amount, rule range`. */
export function errorDetails(error: Pick<ErrorLike, 'code' | 'field' | 'rule'>): string {
  return [error.code && `code ${error.code}`, error.field && `field ${error.field}`, error.rule && `rule ${error.rule}`].filter(Boolean).join(', ');
}

/** Any failure of a request the page made, in one sentence. */
export function errorWords(error: unknown): string {
  if (!isErrorLike(error)) return 'Something went wrong';
  if (error.name === 'NetworkError') return 'The server cannot be reached: this needs a connection';
  if (error.name === 'NotSignedInError') return 'Sign in first';
  if (error.code === 'RATE_LIMITED') return `Too many tries: wait ${error.retryAfter ?? 60} s and try again (${errorDetails(error)})`;
  const details = errorDetails(error);
  return details ? `${stripCode(error.message)} (${details})` : error.message;
}

/** What the page shows for a refused `joinGroup`, from the table of docs/groups.md. */
export function joinErrorWords(error: unknown): string {
  if (!isErrorLike(error) || error.field !== 'code') return errorWords(error);
  const advice: Record<string, string> = {
    format: 'That is not an invitation code: check what was typed',
    exists: 'No invitation has this code: check it with the person who shared it',
    expired: 'This code has expired: ask a member of the group for a new one',
    revoked: 'This code was withdrawn: ask a member of the group for a new one',
    'already-member': 'You are already in this group',
  };
  const said = error.rule ? advice[error.rule] : undefined;
  if (error.code === 'RATE_LIMITED' || !said) return errorWords(error);
  return `${said} (${errorDetails(error)})`;
}

/** The SDK's error message starts with the code (`BAD_USER_INPUT: ...`), which the details say already. */
function stripCode(message: string): string {
  return message.replace(/^[A-Z_]+: /, '');
}

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
