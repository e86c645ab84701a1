import { Injectable } from '@nestjs/common';
import type { CampaignModel } from '@scriptbook/campaign-model';
import { CampaignFileParts, CampaignFilePiece, CampaignFileStream, canonicalJson, stateHash } from '@scriptbook/campaign-model/files';
import { ContentLibrary } from '@scriptbook/content';
import { AuthenticatedPlayer, BadUserInputError, parseInput, timeOrderedId } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { plainText } from '@scriptbook/schema';
import { z } from 'zod';
import { CampaignModels } from '../campaigns/campaign-models';
import { CampaignSetupRun, withGroupOpenings } from '../campaigns/campaign-setup-run';
import { contentOf } from './campaign-file-header';
import { CampaignImport, CampaignImportContent, CampaignImportPreview, ImportCampaignInput } from './campaign-files.model';
import { FileImportRun, ImportRunResult, piecesOfParsedFile, refusedAt } from './file-import-run';
import { ImportedCampaign, ImportedCampaignRows, ImportedCampaignWriter } from './imported-campaign-writer';
import { isPseudonym } from './player-pseudonyms';

type CampaignFileHeader = CampaignFileParts['header'];

const GROUP_ID = z.string().min(1).max(80);
const NAME = plainText({ maxLength: 80 }).nullish();

/**
 * Where a refusal points, for each door an import comes through: the
 * mutation's input fields, or the upload's query and body (the file is
 * the whole body there).
 */
export interface ImportFields {
  readonly groupId: string;
  readonly name: string;
  /** The prefix of a path into the file: `input.file` → `input.file.actions[17].args`. */
  readonly file: string;
}

/** `importCampaign(input: { groupId, file, name })`. */
export const MUTATION_IMPORT_FIELDS: ImportFields = { groupId: 'input.groupId', name: 'input.name', file: 'input.file' };


/**
 * Imports a campaign file as a new campaign of a group: the file is read
 * through the upcasters, replayed through the game's own model and checked
 * at every checkpoint before anything is written, so a file that disagrees
 * anywhere stores nothing. A dry run stops before the write.
 */
@Injectable()
export class CampaignImportService {
  constructor(
    private readonly models: CampaignModels,
    private readonly content: ContentLibrary,
    private readonly membership: MembershipReader,
    private readonly writer: ImportedCampaignWriter,
    private readonly setupRun: CampaignSetupRun,
  ) {}

  /**
   * Whether the viewer may import into the group, and the name is one: asked before a file is read, so an upload
   * from someone outside the group is refused before its body is.
   */
  async authorize(viewer: AuthenticatedPlayer, groupId: string, name: string | null | undefined, at: ImportFields = MUTATION_IMPORT_FIELDS): Promise<void> {
    const valid = validInput(groupId, name, at);
    await this.membership.requireMember(valid.groupId, viewer.playerId, at.groupId);
  }

  /** `importCampaign`: the file as a parsed JSON value, read as the pieces its text would give. */
  import(viewer: AuthenticatedPlayer, input: ImportCampaignInput, at: ImportFields = MUTATION_IMPORT_FIELDS): Promise<CampaignImport> {
    return this.importPieces(viewer, input, refusedAt(at, () => piecesOfParsedFile(input.file)), at);
  }

  /** `POST /campaigns/import`: the file as its bytes arrive, never held whole. */
  importStream(viewer: AuthenticatedPlayer, input: Omit<ImportCampaignInput, 'file'>, body: AsyncIterable<Uint8Array>, at: ImportFields): Promise<CampaignImport> {
    return this.importPieces(viewer, input, piecesOfStream(body, at), at);
  }

  /**
   * The one import, whichever door the file came through: read piece by
   * piece, replayed and checked as it comes, and (unless a dry run) stored
   * as it comes in one transaction that a refusal anywhere rolls back.
   */
  private async importPieces(
    viewer: AuthenticatedPlayer,
    input: Omit<ImportCampaignInput, 'file'>,
    pieces: Iterable<CampaignFilePiece> | AsyncIterable<CampaignFilePiece>,
    at: ImportFields,
  ): Promise<CampaignImport> {
    const valid = validInput(input.groupId, input.name, at);
    await this.membership.requireMember(valid.groupId, viewer.playerId, at.groupId);
    const host = { modelOf: (gameId: string) => this.models.of(gameId) ?? undefined, checkSetup: (model: CampaignModel, header: CampaignFileHeader, where: ImportFields) => this.checkSetup(model, header, where) };
    const id = timeOrderedId();
    const read = async (rows: ImportedCampaignRows | null) => {
      let campaign: ImportedCampaign | null = null;
      const run = new FileImportRun(host, at, rows, async (header) => {
        // The name is checked as soon as the header is read, so a bad one stores no row.
        campaign = {
          id,
          ownerId: viewer.playerId,
          groupId: valid.groupId,
          gameId: header.campaign.gameId,
          name: valid.name ?? parseInput(plainText({ maxLength: 80 }), header.campaign.name, `${at.file}.campaign.name`),
          seed: header.setup.seed,
          setupTranscript: header.setup.transcript,
          setupProcedureId: header.setup.procedureId,
          setupInput: header.setup.input ?? null,
          checkedInitialState: header.setup.procedureId === null ? null : header.setup.initialState,
        };
        await rows?.begin(campaign, header.setup.initialState);
      });
      for await (const piece of pieces) await run.take(piece);
      const result = await run.finish();
      await rows?.finish(campaign!, result.outcome);
      return { result, name: campaign!.name };
    };
    const { result, name } = input.dryRun ? await read(null) : await this.writer.inTransaction(id, read);
    return { dryRun: !!input.dryRun, campaignId: input.dryRun ? null : id, preview: this.previewOf(result, name) };
  }

  /**
   * A file that names its setup must be what that setup gives: run again
   * through the game host's procedure with the file's input and seed, it
   * must give the file's transcript and its version-0 state (with the
   * group's openings that state holds). A file without one (a campaign made
   * before setups were kept) is checked from its initial state on, as before.
   */
  private checkSetup(model: CampaignModel, file: CampaignFileHeader, at: ImportFields): void {
    const { procedureId, input, seed, transcript, initialState } = file.setup;
    if (procedureId === null) return;
    const mismatch = (why: string) => new BadUserInputError(`${at.file}.setup`, 'setup-mismatch', `Version 0: ${why}`);
    const setup = model.setups.find((candidate) => candidate.procedure.id === procedureId);
    if (!setup) throw mismatch(`${procedureId} is not a setup of ${file.campaign.gameId}`);
    if (seed === null) throw mismatch('a setup that ran needs the seed it ran with');
    const run = this.setupRun.run(model, setup, input, seed, `${at.file}.setup.input`);
    if (canonicalJson(run.setupTranscript) !== canonicalJson(transcript ?? null)) throw mismatch(`${procedureId} with this input and seed resolves otherwise than the file's transcript`);
    if (stateHash(withGroupOpenings(model, run.state, initialState)) !== stateHash(initialState)) {
      throw mismatch(`${procedureId} with this input and seed does not give the file's initial state`);
    }
  }

  private previewOf(run: ImportRunResult, name: string): CampaignImportPreview {
    const { header, fromVersion } = run.parts;
    const entries = run.outcome.undoneBy.length;
    return {
      gameId: header.campaign.gameId,
      name,
      version: header.campaign.version,
      actions: entries - run.undos - run.serverChanges,
      undos: run.undos,
      serverChanges: run.serverChanges,
      players: [...run.players].map(([player, count]) => ({ player, pseudonym: isPseudonym(player), entries: count })),
      formatVersion: fromVersion,
      content: this.contentDifferences(header, run.contentIds),
    };
  }

  private contentDifferences(file: CampaignFileHeader, named: ReadonlySet<string>): CampaignImportContent {
    const platform = contentOf(this.content, this.models.catalog.gameById(file.campaign.gameId)!);
    const ours = new Map(platform.packs.map((pack) => [pack.id, pack.version]));
    const theirs = new Map(file.content.packs.map((pack) => [pack.id, pack.version]));
    const changedPacks = [...new Set([...theirs.keys(), ...ours.keys()])]
      .filter((packId) => theirs.get(packId) !== ours.get(packId))
      .map((packId) => ({ packId, fileVersion: theirs.get(packId) ?? null, platformVersion: ours.get(packId) ?? null }));
    return {
      fileHash: file.content.hash,
      platformHash: platform.hash,
      same: file.content.hash === platform.hash,
      changedPacks,
      missingContentIds: [...named].filter((id) => this.content.resolveId(id) === undefined).sort(),
    };
  }
}

function validInput(groupId: unknown, name: unknown, at: ImportFields): { groupId: string; name: string | null | undefined } {
  return { groupId: parseInput(GROUP_ID, groupId, at.groupId), name: parseInput(NAME, name, at.name) };
}

/** The pieces of a file read from its bytes as they arrive; a body that is not one JSON object is refused under the door's prefix. */
async function* piecesOfStream(body: AsyncIterable<Uint8Array>, at: ImportFields): AsyncIterable<CampaignFilePiece> {
  const stream = new CampaignFileStream();
  for await (const chunk of body) yield* refusedAt(at, () => stream.push(chunk));
  refusedAt(at, () => stream.end());
}
