import { HttpException, HttpStatus } from '@nestjs/common';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface HttpErrorAnswer {
  readonly status: number;
  readonly message: string;
  /** One of the API's documented codes. */
  readonly code: 'BAD_REQUEST' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'INTERNAL_SERVER_ERROR';
  /** True when nothing about the request explains it: worth a log line. */
  readonly unexpected: boolean;
}

/** The errors body-parser raises, by its `type`: the client sent something unreadable. */
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'Request body is not valid JSON',
  'entity.too.large': 'Request body is too large',
  'entity.verify.failed': 'Request body was refused',
  'encoding.unsupported': 'Request body has an unsupported content encoding',
  'charset.unsupported': 'Request body has an unsupported charset',
  'request.aborted': 'Request body ended early',
  'request.size.invalid': 'Request body does not match its Content-Length',
  'stream.encoding.set': 'Request body could not be read',
  'stream.not.readable': 'Request body could not be read',
};

/**
 * What an HTTP request that went wrong outside GraphQL gets: a status, a
 * code and a message that never includes the cause's internals. Unknown
 * paths are 404, unreadable bodies 400 (413 when too large), anything
 * unforeseen 500.
 */
export function httpErrorFor(error: unknown): HttpErrorAnswer {
  const bodyError = error as { type?: unknown; status?: unknown } | undefined;
  if (bodyError && typeof bodyError.type === 'string' && bodyError.type in BODY_ERRORS) {
    const status = typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500 ? bodyError.status : 400;
    return { status, message: BODY_ERRORS[bodyError.type], code: 'BAD_REQUEST', unexpected: false };
  }
  if (error instanceof HttpException && error.getStatus() < 500) {
    const status = error.getStatus();
    return { status, message: CLIENT_MESSAGES[status] ?? 'The request was refused', code: codeForStatus(status), unexpected: false };
  }
  return { status: 500, message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', unexpected: true };
}

/**
 * Fixed words per status. Nest turns body-parser's SyntaxError into a 400
 * carrying JSON.parse's message, which quotes the body: never echoed.
 */
const CLIENT_MESSAGES: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'Request body is not valid JSON',
  [HttpStatus.UNAUTHORIZED]: 'Authentication is required',
  [HttpStatus.FORBIDDEN]: 'Not allowed',
  [HttpStatus.NOT_FOUND]: 'Nothing is served at this path',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'Method not allowed at this path',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'Request body is too large',
};

function codeForStatus(status: number): HttpErrorAnswer['code'] {
  if (status === HttpStatus.UNAUTHORIZED) return 'UNAUTHENTICATED';
  if (status === HttpStatus.FORBIDDEN) return 'FORBIDDEN';
  if (status === HttpStatus.NOT_FOUND) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/**
 * Answers in the same shape GraphQL errors have (`{ errors: [{ message,
 * extensions: { code } }] }`), so a client reads every failure one way.
 */
export function sendHttpError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string,
  headers: OutgoingHttpHeaders = {},
  extensions: Record<string, unknown> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = httpErrorBody(message, code, extensions);
  res
    .writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
    })
    .end(body);
}

/** The body of an answer outside GraphQL: one error in GraphQL's shape. */
export function httpErrorBody(message: string, code: string, extensions: Record<string, unknown> = {}): string {
  return JSON.stringify({ errors: [{ message, extensions: { code, ...extensions } }] });
}
