import { z } from 'zod';
import { zodIssueField, zodIssueRule } from '@scriptbook/schema';
import { CampaignFileRefusal } from './campaign-file-refusal';
import { CAMPAIGN_FILE_FORMAT, CampaignFile, CampaignFileAction, campaignFileV1Schema, CampaignFileV1, campaignFileV2Schema, CURRENT_FORMAT_VERSION } from './campaign-file.schema';

/**
 * One step from a format version to the next. Each version's schema checks
 * the file before its step runs, so a step only ever sees a valid file of
 * its own version, and every older file reaches the current version one
 * step at a time (v1 → v2 → ...).
 */
interface Upcaster {
  readonly from: number;
  readonly schema: z.ZodTypeAny;
  readonly up: (file: never) => unknown;
}

type V1Entry = CampaignFileV1['actions'][number];
type V1Player = CampaignFileV1['players'][number];

/** v1 → v2 of one entry and one player: `playerId` becomes `player`, since it holds a pseudonym wherever a member did not consent. */
const v1EntryToV2 = ({ playerId, ...rest }: V1Entry) => ({ ...rest, player: playerId });
const v1PlayerToV2 = ({ playerId, ...rest }: V1Player) => ({ player: playerId, ...rest });

/** v1 → v2: `playerId` becomes `player` in every entry and player. Nothing else changes. */
function v1ToV2(file: CampaignFileV1): unknown {
  return { ...file, formatVersion: 2, players: file.players.map(v1PlayerToV2), actions: file.actions.map(v1EntryToV2) };
}

const UPCASTERS: readonly Upcaster[] = [{ from: 1, schema: campaignFileV1Schema, up: v1ToV2 as Upcaster['up'] }];

function checked<T>(schema: z.ZodType<T>, value: unknown, at = 'file'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CampaignFileRefusal(zodIssueField(issue, at), zodIssueRule(issue), `${zodIssueField(issue, at)}: ${issue.message}`);
}

/** The format versions this code reads, oldest first. */
export const READABLE_FORMAT_VERSIONS: readonly number[] = [...UPCASTERS.map((step) => step.from), CURRENT_FORMAT_VERSION];

/**
 * A campaign file of any readable version as the current version: refused
 * (`CampaignFileRefusal`) when it is not a campaign file, is of a version
 * this code does not know, or breaks its version's schema.
 */
export function readCampaignFile(raw: unknown): { readonly file: CampaignFile; readonly fromVersion: number } {
  const head = readFormatVersion(raw);
  let value: unknown = raw;
  for (const step of UPCASTERS) {
    if ((value as { formatVersion: number }).formatVersion !== step.from) continue;
    value = step.up(checked(step.schema, value) as never);
  }
  return { file: checked(campaignFileV2Schema, value), fromVersion: head.formatVersion };
}

function readFormatVersion(raw: unknown): { formatVersion: number } {
  const head = checked(z.object({ format: z.literal(CAMPAIGN_FILE_FORMAT), formatVersion: z.number().int() }), raw);
  if (!READABLE_FORMAT_VERSIONS.includes(head.formatVersion)) {
    throw new CampaignFileRefusal(
      'file.formatVersion',
      'format-version',
      `Format version ${head.formatVersion} is not one this platform reads (${READABLE_FORMAT_VERSIONS.join(', ')})`,
    );
  }
  return head;
}

/** The parts of one format version's file, each checked and upgraded on its own when a file is read piece by piece. */
interface FormatParts {
  readonly header: z.ZodTypeAny;
  readonly entry: z.ZodTypeAny;
  readonly player: z.ZodTypeAny;
  /** To the next version; absent for the current one. */
  readonly up?: { readonly header: (header: never) => unknown; readonly entry: (entry: never) => unknown; readonly player: (player: never) => unknown };
}

const PIECES = { actions: true, checkpoints: true, players: true } as const;
const PARTS: Readonly<Record<number, FormatParts>> = {
  1: {
    header: campaignFileV1Schema.omit(PIECES),
    entry: campaignFileV1Schema.shape.actions.element,
    player: campaignFileV1Schema.shape.players.element,
    up: { header: (header: object) => ({ ...header, formatVersion: 2 }), entry: v1EntryToV2 as (entry: never) => unknown, player: v1PlayerToV2 as (player: never) => unknown },
  },
  2: { header: campaignFileV2Schema.omit(PIECES), entry: campaignFileV2Schema.shape.actions.element, player: campaignFileV2Schema.shape.players.element },
};

/** A file read piece by piece (`CampaignFileStream`): its header as the current version, and how to read each entry and its closing. */
export interface CampaignFileParts {
  readonly fromVersion: number;
  readonly header: Omit<CampaignFile, 'actions' | 'checkpoints' | 'players'>;
  /** Entry `index` of `actions`, checked against its version's schema and upgraded. */
  entry(raw: unknown, index: number): CampaignFileAction;
  /** The checkpoints and players, checked and upgraded. */
  closing(checkpoints: unknown, players: unknown): Pick<CampaignFile, 'checkpoints' | 'players'>;
}

/**
 * The same reading as `readCampaignFile`, a part at a time: `header` holds
 * every top-level field but `actions`, `checkpoints` and `players`. Each
 * part is checked against its own version's schema and brought up one
 * version at a time by the same steps, so a file read whole and a file read
 * as a stream are the same file.
 */
export function readCampaignFileParts(header: Record<string, unknown>): CampaignFileParts {
  const { formatVersion } = readFormatVersion(header);
  const upgrade = (part: 'header' | 'entry' | 'player', value: unknown, at: string): unknown => {
    for (let version = formatVersion; ; version++) {
      const parts = PARTS[version];
      const valid = checked(parts[part], value, at);
      if (!parts.up) return valid;
      value = parts.up[part](valid as never);
    }
  };
  return {
    fromVersion: formatVersion,
    header: upgrade('header', header, 'file') as CampaignFileParts['header'],
    entry: (raw, index) => upgrade('entry', raw, `file.actions[${index}]`) as CampaignFileAction,
    closing: (checkpoints, players) => {
      if (!Array.isArray(players)) checked(campaignFileV2Schema.shape.players, players, 'file.players');
      return {
        checkpoints: checked(campaignFileV2Schema.shape.checkpoints, checkpoints, 'file.checkpoints'),
        players: (players as unknown[]).map((player, i) => upgrade('player', player, `file.players[${i}]`)) as CampaignFile['players'],
      };
    },
  };
}
