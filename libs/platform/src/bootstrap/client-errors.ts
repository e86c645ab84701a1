import { maxHeaderSize as nodeMaxHeaderSize, Server, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { httpErrorBody } from '../errors/http-error-response';

export interface ClientErrorAnswer {
  readonly status: number;
  readonly message: string;
}

/**
 * What a request Node refuses before any handler sees it is told, by the
 * parser's error code: headers (the URL counts) over `maxHeaderSize`, a
 * request that did not arrive in time, or bytes that are not HTTP.
 */
export function clientErrorAnswer(code: string | undefined, maxHeaderBytes: number): ClientErrorAnswer {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: `The request's URL and headers are over the ${Math.round(maxHeaderBytes / 1024)} kB this server reads: send a long operation as a POST, with the query and variables in the JSON body.`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'Request body chunk extensions are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time' };
    default:
      return { status: 400, message: 'The request is not valid HTTP' };
  }
}

/** The raw HTTP answer to a client error, closing the connection: the parser cannot read anything after it. */
export function clientErrorResponse(answer: ClientErrorAnswer): string {
  const body = httpErrorBody(answer.message, 'BAD_REQUEST');
  return [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Answers what Node's HTTP parser refuses in the API's error shape
 * (`BAD_REQUEST`), where Node would send a status line and an empty body:
 * most often a GET whose operation makes its URL longer than the header
 * limit (431), told to come as a POST. Such an answer has no CORS headers,
 * since the request's headers were never read. Nothing is written when the
 * socket is gone or an answer to an earlier request on it has started.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Node's own rule before it writes: never into the middle of another answer.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(clientErrorAnswer(error.code, nodeMaxHeaderSize)));
  });
}
