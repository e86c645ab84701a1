import type { IncomingMessage } from 'node:http';

export type BodyRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/**
 * Reads a request body up to `limitBytes`. A declared Content-Length over
 * the limit is refused before anything is read; a body that grows past it
 * is refused as soon as it does, without buffering the rest.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) return Promise.resolve({ ok: false, reason: 'too-large' });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: BodyRead) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, text: Buffer.concat(chunks, received).toString('utf8') });
    const onError = () => finish({ ok: false, reason: 'aborted' });
    const onAborted = onError;
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
