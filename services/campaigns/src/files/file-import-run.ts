import type { CampaignModel } from '@scriptbook/campaign-model';
import { CampaignFileParts, CampaignFilePiece, CampaignFileRefusal, CampaignFileReplay, readCampaignFileParts, ReplayOutcome } from '@scriptbook/campaign-model/files';
import { BadUserInputError } from '@scriptbook/platform';
import type { ImportFields } from './campaign-import.service';
import type { ImportedCampaignRows } from './imported-campaign-writer';

/** The top-level fields a replay needs before the first entry: a file writes them first. */
const HEADER_FIELDS = ['format', 'formatVersion', 'exportedAt', 'campaign', 'content', 'setup'];
const CONTENT_ID = /^[a-z0-9-]+(:[a-z0-9-]+)+$/;

/** What the run needs of the service once the header is read: the game's model, and the setup check. */
export interface ImportRunHost {
  modelOf(gameId: string): CampaignModel | undefined;
  checkSetup(model: CampaignModel, header: CampaignFileParts['header'], at: ImportFields): void;
}

/** What a whole run found, for the preview and the stored campaign. */
export interface ImportRunResult {
  readonly parts: CampaignFileParts;
  readonly outcome: ReplayOutcome;
  readonly undos: number;
  readonly serverChanges: number;
  /** Everyone who acted, in the order they first did, with how many entries are theirs. */
  readonly players: ReadonlyMap<string, number>;
  readonly contentIds: ReadonlySet<string>;
}

/**
 * One import's reading of a file, piece by piece (`CampaignFileStream`, or
 * a parsed file's fields in order): the header is checked and the setup
 * run again once its fields are in, each entry is checked, upgraded,
 * replayed and handed to the rows being stored as it comes, and the
 * checkpoints and players are checked at the end. Entries that come before
 * the header (a hand-edited file) wait for it. Refusals name the place in
 * the file under the door's own prefix (`input.file`, or `file`).
 */
export class FileImportRun {
  private readonly fields: Record<string, unknown> = {};
  private readonly waiting: unknown[] = [];
  private parts: CampaignFileParts | null = null;
  private replay: CampaignFileReplay | null = null;
  private fieldsAtStart = 0;
  private entries = 0;
  private undos = 0;
  private serverChanges = 0;
  private readonly players = new Map<string, number>();
  private readonly contentIds = new Set<string>();

  /** `onHeader` runs once the header is read and checked, before any entry is handed to `rows`. */
  constructor(
    private readonly host: ImportRunHost,
    private readonly at: ImportFields,
    private readonly rows: ImportedCampaignRows | null,
    private readonly onHeader: (header: CampaignFileParts['header']) => Promise<void>,
  ) {}

  async take(piece: CampaignFilePiece): Promise<void> {
    if (piece.kind === 'field') {
      this.fields[piece.key] = piece.value;
      if (!this.parts && HEADER_FIELDS.every((key) => key in this.fields)) await this.start();
    } else if (!this.parts) this.waiting.push(piece.value);
    else await this.entry(piece.value);
  }

  async finish(): Promise<ImportRunResult> {
    if (!this.parts) await this.start();
    const parts = this.parts!;
    // A field after the entries (a hand-edited file) is checked with the header it belongs to.
    const { checkpoints, players, ...header } = this.fields;
    if (Object.keys(header).length !== this.fieldsAtStart) this.refused(() => readCampaignFileParts(header));
    const closing = this.refused(() => parts.closing(checkpoints, players));
    const outcome = this.refused(() => this.replay!.finish({ version: parts.header.campaign.version, ...closing }));
    return { parts, outcome, undos: this.undos, serverChanges: this.serverChanges, players: this.players, contentIds: this.contentIds };
  }

  private async start(): Promise<void> {
    const { checkpoints: _checkpoints, players: _players, ...header } = this.fields;
    const parts = this.refused(() => readCampaignFileParts(header));
    const { gameId } = parts.header.campaign;
    const model = this.host.modelOf(gameId);
    if (!model) throw new BadUserInputError(`${this.at.file}.campaign.gameId`, 'campaign-game', `${gameId} is not a game this platform keeps campaigns of`);
    this.host.checkSetup(model, parts.header, this.at);
    await this.onHeader(parts.header);
    this.parts = parts;
    this.fieldsAtStart = Object.keys(header).length;
    this.replay = new CampaignFileReplay(model, gameId, parts.header.setup);
    for (const raw of this.waiting.splice(0)) await this.entry(raw);
  }

  private async entry(raw: unknown): Promise<void> {
    const entry = this.refused(() => this.parts!.entry(raw, this.entries++));
    if (entry.undoesVersion !== null) this.undos++;
    else if (entry.clientId === null) this.serverChanges++;
    this.players.set(entry.player, (this.players.get(entry.player) ?? 0) + 1);
    collectContentIds(entry.args, this.contentIds);
    if (this.replay!.entry(entry) && this.rows) await this.rows.add(entry);
  }

  /** A file's refusal as the door's: BAD_USER_INPUT on the path into the file under the door's prefix. */
  private refused<T>(read: () => T): T {
    return refusedAt(this.at, read);
  }
}

export function refusedAt<T>(at: ImportFields, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CampaignFileRefusal) throw new BadUserInputError(`${at.file}${error.field.slice('file'.length)}`, error.rule, error.message);
    throw error;
  }
}

function collectContentIds(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (CONTENT_ID.test(value)) into.add(value);
  } else if (Array.isArray(value)) value.forEach((item) => collectContentIds(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => collectContentIds(item, into));
}

/** A parsed file (the mutation's JSON value) as the pieces a read of its text gives, in its fields' order. */
export function piecesOfParsedFile(file: unknown): Iterable<CampaignFilePiece> {
  if (file === null || typeof file !== 'object' || Array.isArray(file)) throw new CampaignFileRefusal('file', 'type', 'A campaign file is a JSON object');
  return fieldsInOrder(file);
}

function* fieldsInOrder(file: object): Iterable<CampaignFilePiece> {
  for (const [key, value] of Object.entries(file)) {
    if (key === 'actions' && Array.isArray(value)) for (let index = 0; index < value.length; index++) yield { kind: 'action', index, value: value[index] };
    else yield { kind: 'field', key, value };
  }
}
