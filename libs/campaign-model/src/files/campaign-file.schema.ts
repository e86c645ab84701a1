import { z } from 'zod';

/** What every campaign file says it is, before its version. */
export const CAMPAIGN_FILE_FORMAT = 'scriptbook-campaign';

/** The version this code writes; older ones are read through the upcasters (upcasters.ts). */
export const CURRENT_FORMAT_VERSION = 2;

/** A checkpoint every this many versions, besides version 0 and the last. */
export const CHECKPOINT_EVERY = 100;

const count = z.number().int().min(0);
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex');

const path = z.array(z.string()).min(1).describe('Where in the state the change applies, key by key.');
export const fileChangeSchema = z
  .union([
    z.object({ op: z.literal('add'), path, by: z.number() }).strict(),
    z.object({ op: z.literal('set'), path, from: z.unknown().optional(), to: z.unknown() }).strict(),
    z.object({ op: z.literal('remove'), path, from: z.unknown() }).strict(),
  ])
  .describe('One change an action made, as `campaignChanges` serves it: add a number, set a value, or remove a record entry.');

const campaignSchema = z
  .object({
    gameId: z.string().min(1).describe('The content id of the game.'),
    name: z.string().describe('The campaign’s name when it was exported.'),
    version: count.describe('The campaign’s version when it was exported: the number of entries in `actions`.'),
    modules: z.array(z.string()).describe('The content ids of the game’s modules on the platform that exported it.'),
  })
  .strict();

const contentSchema = z
  .object({
    hash: z.string().describe('The content hash (`contentVersion.hash`) of the platform that exported it.'),
    packs: z.array(z.object({ id: z.string(), version: z.string() }).strict()).describe('The version of each pack of the game then.'),
  })
  .strict();

const setupSchema = z
  .object({
    procedureId: z.string().nullable().describe('The catalog id of the setup procedure that made the initial state; null when none ran or the campaign was made before setups were kept. An import runs it again with `input` and `seed`.'),
    input: z.unknown().describe('The setup procedure’s input as it was run, in the engine’s own spelling; null when `procedureId` is.'),
    seed: z.string().nullable().describe('The seed the campaign’s random stream started from.'),
    transcript: z.array(z.unknown()).nullable().describe('The engine’s transcript of the setup, when one ran.'),
    initialState: z.unknown().describe('The state at version 0, before the first action.'),
  })
  .strict();

const checkpointSchema = z
  .object({
    version: count,
    stateHash: hash.describe('SHA-256 of the canonical JSON of the state at `version`.'),
    logHash: hash.describe('The chain of SHA-256 over the setup and every entry up to `version`.'),
  })
  .strict();

const header = {
  format: z.literal(CAMPAIGN_FILE_FORMAT),
  exportedAt: z.string().datetime().describe('When the file was written (ISO 8601, UTC).'),
  campaign: campaignSchema,
  content: contentSchema,
  setup: setupSchema,
  checkpoints: z.array(checkpointSchema).describe('Version 0, every 100th version and the last, in order.'),
};

const entry = {
  version: z.number().int().min(1).describe('The version this entry produced: 1, 2, 3, ... without gaps.'),
  name: z.string().min(1).describe('The action’s name in the game’s catalog, `undo`, or a change the server makes (the legacy opening).'),
  args: z.record(z.unknown()).describe('The args as the device pushed them.'),
  delta: z.array(fileChangeSchema).describe('What the entry changed.'),
  clientId: z.string().nullable().describe('The device that pushed it; null for an undo and a server change.'),
  seq: z.number().int().min(1).nullable().describe('Its seq on that device; null with `clientId`.'),
  appliedAt: count.describe('When the server applied it, in milliseconds since 1970 (UTC).'),
  undoesVersion: z.number().int().min(1).nullable().describe('For an undo, the version it takes back.'),
};

/** Format version 2: who acted is `player` (an id, or a pseudonym where the member did not consent). */
export const campaignFileV2Schema = z
  .object({
    ...header,
    formatVersion: z.literal(2),
    players: z.array(z.object({ player: z.string().min(1), pseudonym: z.boolean() }).strict()).describe('Everyone who acted, once each.'),
    actions: z.array(z.object({ ...entry, player: z.string().min(1).describe('Who acted: a player id, or a pseudonym.') }).strict()),
  })
  .strict();

/** Format version 1: as version 2, but who acted was named `playerId`, though it may hold a pseudonym. */
export const campaignFileV1Schema = z
  .object({
    ...header,
    formatVersion: z.literal(1),
    players: z.array(z.object({ playerId: z.string().min(1), pseudonym: z.boolean() }).strict()),
    actions: z.array(z.object({ ...entry, playerId: z.string().min(1) }).strict()),
  })
  .strict();

export type CampaignFile = z.infer<typeof campaignFileV2Schema>;
export type CampaignFileV1 = z.infer<typeof campaignFileV1Schema>;
export type CampaignFileAction = CampaignFile['actions'][number];
export type CampaignFileCheckpoint = CampaignFile['checkpoints'][number];
export type CampaignFilePlayer = CampaignFile['players'][number];
export type CampaignFileHeader = Omit<CampaignFile, 'actions' | 'checkpoints'>;

/** The versions that have a checkpoint in a file of a campaign at `lastVersion`: 0, every 100th, and the last. */
export function checkpointVersions(lastVersion: number): number[] {
  const versions: number[] = [];
  for (let v = 0; v < lastVersion; v += CHECKPOINT_EVERY) versions.push(v);
  versions.push(lastVersion);
  return versions;
}
