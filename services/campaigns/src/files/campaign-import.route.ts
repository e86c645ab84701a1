import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, BadUserInputError, BaseConfig, GATEWAY_SIGNATURE_HEADER, LOGGER, sendHttpError, TokenService } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignImportService, ImportFields } from './campaign-import.service';
import { uploadRequestSigned } from './export-request';
import { answeredRefusal, playerOfFileRequest } from './file-request';

/** Where a campaign file is uploaded, on campaigns and (passed through) on the gateway's public host. */
export const CAMPAIGN_IMPORT_PATH = '/campaigns/import';

/** The upload's names for where a refusal points: its query parameters, and the body as the file. */
export const UPLOAD_IMPORT_FIELDS: ImportFields = { groupId: 'group', name: 'name', file: 'file' };

const QUERY_PARAMETERS = new Set(['group', 'dryRun', 'name']);
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;
const ANSWER_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** What the query asks: the group, whether this is a dry run, and an optional name. */
interface UploadQuery {
  readonly groupId: string;
  readonly dryRun: boolean;
  readonly name: string | null;
}

/**
 * `POST /campaigns/import?group=<id>&dryRun=true|false`, the body a campaign
 * file as `application/json`: the same import as `importCampaign`, for files
 * larger than any GraphQL request may be. Served ahead of Express (the JSON
 * body parser every service installs would read it whole and refuse it past
 * its 1 MB), it is signed by the gateway like the download, authorizes the
 * caller as the mutation does before it reads the body, reads at most
 * CAMPAIGN_IMPORT_MAX_BYTES (413 beyond), then hands the bytes to the
 * import, which reads, replays and stores the file entry by entry (the
 * body is read first, at the network's pace, so the upload is not held
 * to HTTP_REQUEST_TIMEOUT_MS for the import's own time), and answers what the mutation
 * answers, as JSON; refusals come in the API's error shape with the field
 * and rule, and nothing is stored.
 */
@Injectable()
export class CampaignImportRoute {
  private readonly requireSignature: boolean;

  constructor(
    private readonly tokens: TokenService,
    private readonly imports: CampaignImportService,
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig & BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.requireSignature = config.NODE_ENV !== 'development';
  }

  /** Never rejects: whatever goes wrong becomes an answer. */
  handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.serve(req, res).catch(async (error: unknown) => {
      // Refused before the body was read (a stranger, no token, a bad query): the body is read and dropped first, so the answer reaches a
      // caller still sending (the gateway pipes the body on as it comes) instead of a reset connection.
      await drained(req);
      if (answeredRefusal(res, error, ANSWER_HEADERS)) return;
      this.logger.error({ err: error }, 'unexpected error importing a campaign file');
      sendHttpError(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR', ANSWER_HEADERS);
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const signed = uploadRequestSigned(this.config.GATEWAY_SIGNING_SECRET, this.requireSignature, req.method ?? '', req.url ?? '', req.headers);
    if (!signed.accepted) {
      sendHttpError(res, 401, `This request did not come through the gateway: ${signed.reason}`, 'UNAUTHENTICATED', ANSWER_HEADERS, { field: GATEWAY_SIGNATURE_HEADER, rule: 'signed-by-gateway' });
      return;
    }
    if (req.method !== 'POST') {
      sendHttpError(res, 405, 'A campaign file is imported with POST', 'BAD_REQUEST', { ...ANSWER_HEADERS, allow: 'POST' }, { field: 'method', rule: 'one-of' });
      return;
    }
    const query = uploadQuery(req.url ?? '');
    const player = await playerOfFileRequest(this.tokens, req.headers.authorization, 'an import needs the access token of a member of the group');
    await this.imports.authorize(player, query.groupId, query.name, UPLOAD_IMPORT_FIELDS);
    const body = await this.readBody(req, res);
    if (body === null) return;
    const answer = await this.imports.importStream(player, { groupId: query.groupId, name: query.name, dryRun: query.dryRun }, piecesOf(body), UPLOAD_IMPORT_FIELDS);
    res.writeHead(answer.dryRun ? 200 : 201, ANSWER_HEADERS).end(JSON.stringify(answer));
  }

  /** The body's bytes, or null once a refusal was answered: not JSON, compressed, or over the limit (refused as soon as it passes it). */
  private async readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer[] | null> {
    const type = req.headers['content-type'] ?? '';
    if (!JSON_TYPE.test(type)) {
      sendHttpError(res, 415, 'A campaign file is sent as application/json', 'BAD_REQUEST', ANSWER_HEADERS, { field: 'content-type', rule: 'one-of' });
      return null;
    }
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') {
      sendHttpError(res, 415, 'A campaign file is sent uncompressed', 'BAD_REQUEST', ANSWER_HEADERS, { field: 'content-encoding', rule: 'one-of' });
      return null;
    }
    const max = this.config.CAMPAIGN_IMPORT_MAX_BYTES;
    const tooLarge = () => {
      // The rest of the body is not read: the answer closes the connection instead.
      sendHttpError(res, 413, `A campaign file is at most ${max} bytes (CAMPAIGN_IMPORT_MAX_BYTES)`, 'BAD_REQUEST', { ...ANSWER_HEADERS, connection: 'close' }, { field: 'body', rule: 'max-bytes', maxBytes: max });
      res.on('finish', () => req.destroy());
      return null;
    };
    if (Number(req.headers['content-length'] ?? 0) > max) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) return tooLarge();
      chunks.push(chunk);
    }
    return chunks;
  }
}

function drained(req: IncomingMessage): Promise<void> {
  return new Promise((done) => {
    if (req.readableEnded || req.destroyed) return done();
    req.on('end', done).on('close', done).resume();
  });
}

function uploadQuery(url: string): UploadQuery {
  const params = new URL(url, 'http://campaigns').searchParams;
  for (const key of params.keys()) {
    if (!QUERY_PARAMETERS.has(key)) throw new BadUserInputError(key, 'known-field', `${key} is not a parameter of an import: group, dryRun and name are`);
  }
  const groupId = params.get('group');
  if (!groupId) throw new BadUserInputError('group', 'required', 'group names the group the new campaign belongs to');
  const dryRun = params.get('dryRun') ?? 'false';
  if (dryRun !== 'true' && dryRun !== 'false') throw new BadUserInputError('dryRun', 'one-of', 'dryRun is true or false');
  return { groupId, dryRun: dryRun === 'true', name: params.get('name') };
}

/**
 * The body's bytes handed to the import a page at a time, each dropped once read: the file is read, checked and stored as a stream of
 * entries, so beyond its own bytes nothing of it is held whole.
 */
async function* piecesOf(body: Buffer[]): AsyncIterable<Uint8Array> {
  while (body.length > 0) yield body.shift()!;
}
