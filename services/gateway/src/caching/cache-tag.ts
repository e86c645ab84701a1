import { createHash } from 'node:crypto';

/** A GET request's operation, as far as caching needs it. */
export interface GetOperation {
  /** Apollo's query hash: the persisted query's `sha256Hash`, or the SHA-256 of the query text. */
  readonly queryHash: string;
  readonly operationName: string | undefined;
  /** The `variables` parameter exactly as sent; a different spelling is a different answer to cache. */
  readonly variables: string;
}

/**
 * The operation a GET's query string names, or undefined when it names none
 * (Apollo then answers the request with its own error).
 */
export function getOperationFrom(search: string): GetOperation | undefined {
  const params = new URLSearchParams(search);
  const query = params.get('query');
  const operationName = params.get('operationName') ?? undefined;
  const variables = params.get('variables') ?? '';
  if (query) return { queryHash: sha256Hex(query), operationName, variables };
  const persisted = persistedQueryHash(params.get('extensions'));
  return persisted ? { queryHash: persisted, operationName, variables } : undefined;
}

function persistedQueryHash(extensions: string | null): string | undefined {
  if (!extensions) return undefined;
  try {
    const hash = (JSON.parse(extensions) as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash;
    return typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash) ? hash : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ETag of a content-only answer: the content release, the operation,
 * its variables and the media type asked for. A new release changes every
 * tag, so a client's stored answer is never taken for the new content's.
 */
export function contentCacheTag(contentHash: string, operation: GetOperation, accept: string | undefined): string {
  const digest = createHash('sha256')
    .update([contentHash, operation.queryHash, operation.operationName ?? '', operation.variables, accept ?? ''].join('\u0000'))
    .digest('base64url');
  return `"${digest}"`;
}

/** True when `If-None-Match` names `tag` (or is `*`); weak tags match too, as RFC 9110 has it for GET. */
export function ifNoneMatchAccepts(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((entry) => {
    const candidate = entry.trim();
    return candidate === '*' || candidate === tag || candidate === `W/${tag}`;
  });
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
