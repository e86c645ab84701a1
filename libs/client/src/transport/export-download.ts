import { ApiError, NetworkError, ScriptbookError } from '../errors';
import type { FetchLike, FetchResponse } from './http';

/**
 * A campaign's file as it downloads (docs/campaign-files.md, Export): the
 * server writes it while it reads the log, page by page, and `stream` hands
 * it on as it comes, so a long campaign never sits whole in the app's
 * memory. Read `stream` once: into a file (`saveCampaignExport` of the Node
 * entry), a Blob (`exportBlob`), or the app's own sink.
 */
export interface CampaignExport {
  readonly campaignId: string;
  /** The name the server gives the file, `campaign-<id>-v<version>.json`. */
  readonly filename: string;
  readonly stream: ReadableStream<Uint8Array>;
}

export interface ExportDownloadOptions {
  readonly fetch: FetchLike;
  /** Where `/campaigns/<id>/export` is served. */
  readonly filesEndpoint: string;
  /** The access token to send now (refreshed first when due). */
  readonly accessToken: () => Promise<string>;
  /** Called with a refusal of the token, as a GraphQL answer's would be: refresh and retry once, or sign out. */
  readonly refused: (error: ScriptbookError, token: string) => Promise<string | null>;
}

function filenameOf(response: FetchResponse, campaignId: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? `campaign-${campaignId}.json`;
}

async function refusalOf(response: FetchResponse): Promise<ScriptbookError | NetworkError> {
  const body = (await response.json().catch(() => undefined)) as { errors?: ApiError[] } | undefined;
  if (Array.isArray(body?.errors) && body.errors.length > 0) return new ScriptbookError(body.errors, response.status);
  return new NetworkError(`HTTP ${response.status} without the API's error shape`);
}

/**
 * Starts the download with the player's token. A refusal arrives in the
 * API's error shape (404 `NOT_FOUND`, 401 `UNAUTHENTICATED`, 403 `FORBIDDEN`
 * `share-link-scope`) and is thrown as a `ScriptbookError`; no answer is a
 * `NetworkError`.
 */
export async function downloadExport(options: ExportDownloadOptions, campaignId: string): Promise<CampaignExport> {
  const url = `${options.filesEndpoint.replace(/\/$/, '')}/campaigns/${encodeURIComponent(campaignId)}/export`;
  const send = async (token: string) => {
    try {
      return await options.fetch(url, { method: 'GET', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    } catch (error) {
      throw new NetworkError(`The request did not reach the server: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let token = await options.accessToken();
  let response = await send(token);
  if (response.status === 401) {
    const refusal = await refusalOf(response);
    if (!(refusal instanceof ScriptbookError)) throw refusal;
    const fresh = await options.refused(refusal, token);
    if (fresh === null) throw refusal;
    token = fresh;
    response = await send(token);
  }
  if (response.status !== 200) throw await refusalOf(response);
  if (!response.body) throw new Error('This fetch gives no body stream: pass the platform’s fetch to export');
  return { campaignId, filename: filenameOf(response, campaignId), stream: response.body };
}

/** The whole file as a Blob, for a browser's download link (`URL.createObjectURL`). */
export function exportBlob(download: CampaignExport): Promise<Blob> {
  return new Response(download.stream).blob();
}
