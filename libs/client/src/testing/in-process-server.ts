import { ActionRejection, actionOf, applyAction, applyChanges, CampaignModel, LoggedChange, OpenedEnvelope, openingChanges, planRevert, planUndo, RevertBlocked, StateChange } from '@scriptbook/campaign-model';
import type { Clock } from '../clock';
import type { ApiError } from '../errors';
import type { GameDescriptor } from '@scriptbook/games/game-descriptor';
import { stateAt } from './in-process-lifecycle';
import { exportPieces, importFile } from './in-process-files';

/**
 * The server's side of sync for tests, written from docs/sync.md and
 * docs/sign-in.md on the real campaign models: pushes apply in one step per
 * request, skip seqs already handled, refuse a gap, reject actions the state
 * refuses while counting their seq as handled; pulls answer the changes
 * after a version or an opaque cursor, oldest first, with every client's
 * last seq (read after the changes, as the service reads them, so it may be
 * newer) and the rejections kept for the devices the caller names, its own
 * only (30 days, the newest 100 per device). Sessions:
 * short access tokens, one-time refresh tokens, reuse ends the session.
 */

export interface WireChange {
  readonly version: number;
  readonly name: string;
  readonly args: unknown;
  readonly clientId: string | null;
  readonly seq: number | null;
  readonly playerId: string;
  readonly appliedAt: string;
  readonly undoesVersion: number | null;
  undoneByVersion: number | null;
  readonly delta: readonly { op: string; path: readonly string[]; by: number | null; from: unknown; to: unknown }[];
}

/** What the server did with one pushed action, for tests to hold the devices to. */
export interface HandledAction {
  readonly seq: number;
  readonly name: string;
  readonly args: unknown;
  readonly outcome: 'applied' | 'rejected';
  readonly version: number | null;
  readonly reason: string | null;
}

export interface ServerCampaign {
  readonly id: string;
  readonly gameId: string;
  readonly model: CampaignModel;
  /** The state at version 0, kept for time travel. */
  readonly initialState: unknown;
  name: string;
  groupId: string;
  archivedAt: string | null;
  deletedAt: string | null;
  state: unknown;
  version: number;
  readonly log: WireChange[];
  readonly lastSeq: Map<string, number>;
  readonly handled: Map<string, HandledAction[]>;
  /** What the server keeps of each device's rejections, stored with its last seq. */
  readonly rejections: Map<string, KeptRejection[]>;
}

/** A rejection as the service stores it (docs/sync.md, Rejections a pull tells). */
export interface KeptRejection {
  readonly seq: number;
  readonly name: string;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
  readonly playerId: string;
  readonly rejectedAt: number;
}

const REJECTIONS_KEPT_MS = 30 * 86_400_000;
const REJECTIONS_KEPT_PER_CLIENT = 100;
const MAX_REJECTION_CLIENTS = 20;

/** The service's cursors are opaque; this one is too, and bound to its campaign in the same way. */
const cursorOf = (campaignId: string, version: number) => btoa(JSON.stringify([campaignId, version]));
function versionOfCursor(campaignId: string, cursor: string): number {
  let key: unknown;
  try {
    key = JSON.parse(atob(cursor));
  } catch {
    key = null;
  }
  if (!Array.isArray(key) || key.length !== 2 || typeof key[1] !== 'number' || !Number.isInteger(key[1]) || key[1] < 0) {
    return refuse('BAD_USER_INPUT', 'after', 'cursor', 'after is not a cursor campaignChanges produced');
  }
  if (key[0] !== campaignId) return refuse('BAD_USER_INPUT', 'after', 'cursor', 'after is a cursor of another campaign');
  return key[1] as number;
}

interface ServerSession {
  readonly playerId: string;
  refreshToken: string;
  ended: boolean;
}

export interface Answer {
  readonly data?: unknown;
  readonly errors?: readonly ApiError[];
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly field: string | undefined,
    readonly rule: string | undefined,
    message: string,
    /** Further extensions the service sets on this refusal (a revert's `blockingVersions`). */
    readonly more: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const refuse = (code: string, field: string | undefined, rule: string | undefined, message: string, more?: Record<string, unknown>): never => {
  throw new Refusal(code, field, rule, message, more);
};

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const LIFECYCLE = new Set(['rename-campaign', 'archive-campaign', 'unarchive-campaign', 'transfer-campaign', 'delete-campaign', 'restore-campaign']);

function toWire(delta: readonly StateChange[]): WireChange['delta'] {
  return delta.map((change) => ({
    op: change.op,
    path: change.path,
    by: change.op === 'add' ? change.by : null,
    from: change.op === 'add' ? null : (change.from ?? null),
    to: change.op === 'set' ? change.to : null,
  }));
}

export interface ServerOptions {
  /** The games whose campaigns it keeps, with their full models. */
  readonly games: readonly Pick<GameDescriptor, 'id' | 'campaign'>[];
  readonly clock: Clock;
  /** Access tokens last this long (clock time). */
  readonly accessTokenMs?: number;
  /** False models a server from before rejections were kept: pulls carry none, and a lost answer's reasons are lost. */
  readonly keepsRejections?: boolean;
}

/** A download's answer: the file in the pieces the route writes, or the API's error shape. */
export interface Download {
  readonly status: number;
  readonly filename: string | null;
  readonly pieces: readonly string[];
  readonly errors: readonly ApiError[] | null;
}

interface ServerShareLink {
  readonly id: string;
  readonly campaignId: string;
  readonly token: string;
  readonly label: string | null;
  readonly createdBy: string;
  readonly createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
}

/** What a read-only share link's token may ask (docs/sync.md, Read-only share links). */
const SHARE_LINK_READS = new Set(['SdkCampaign', 'SdkCampaignChanges', 'SdkCampaignAt', 'SdkCampaignActions']);

export class InProcessServer {
  readonly campaigns = new Map<string, ServerCampaign>();
  readonly shareLinks = new Map<string, ServerShareLink>();
  /** Each campaign's members who consented to be named in its exports. */
  readonly exportConsents = new Map<string, Set<string>>();
  private readonly sessions = new Map<string, ServerSession>();
  private readonly accessTokens = new Map<string, { session: ServerSession; expiresAt: number }>();
  private readonly players = new Map<string, string>();
  private readonly accounts = new Map<string, { password: string; playerId: string }>();
  private counter = 0;
  /** Every refresh the server answered, for tests of single flight. */
  refreshes = 0;
  /** Called between reading a pull's changes and its clients, so other requests can run in between. */
  betweenPullReads: () => Promise<void> = async () => undefined;
  /** Told of every committed push or undo: `campaignChanged`'s events. */
  onCommit: (campaignId: string, fromVersion: number, version: number) => void = () => undefined;

  constructor(private readonly options: ServerOptions) {}

  createCampaign(gameId: string, playerId = 'player-1'): ServerCampaign {
    const game = this.options.games.find((g) => g.id === gameId);
    if (!game?.campaign) throw new Error(`no campaign model for ${gameId}`);
    const id = `campaign-${(this.counter += 1)}`;
    const state = game.campaign.initial(`seed-${id}`, null).state;
    const campaign: ServerCampaign = {
      id,
      gameId,
      model: game.campaign,
      initialState: structuredClone(state),
      name: 'Test campaign',
      groupId: 'group-1',
      archivedAt: null,
      deletedAt: null,
      state,
      version: 0,
      log: [],
      lastSeq: new Map(),
      handled: new Map(),
      rejections: new Map(),
    };
    void playerId;
    this.campaigns.set(id, campaign);
    return campaign;
  }

  /** When an access token this server issued expires (clock time), or null for one it did not issue. */
  tokenExpiry(token: string): number | null {
    return this.accessTokens.get(token)?.expiresAt ?? null;
  }

  /** Ends every session of the player's tokens at once, as signOutEverywhere would. */
  endSessions(): void {
    for (const session of this.sessions.values()) session.ended = true;
  }

  /** Answers a request instead of the server when it returns an answer: a test's refusals. */
  intercept: (operationName: string, variables: Record<string, unknown>) => Answer | null = () => null;

  async handle(operationName: string, variables: Record<string, unknown>, authorization: string | undefined): Promise<Answer> {
    const intercepted = this.intercept(operationName, variables);
    if (intercepted) return intercepted;
    try {
      return { data: await this.run(operationName, variables, authorization) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const extensions = { code: error.code, ...(error.field ? { field: error.field } : {}), ...(error.rule ? { rule: error.rule } : {}), ...error.more };
      return { errors: [{ message: error.message, extensions }] };
    }
  }

  /** The player a bearer token belongs to; the refusals are docs/sign-in.md's. */
  playerOf(authorization: string | undefined): string {
    if (!authorization) return refuse('UNAUTHENTICATED', undefined, undefined, 'Sign in first');
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    const found = token ? this.accessTokens.get(token) : undefined;
    if (!found) return refuse('UNAUTHENTICATED', 'authorization', 'access-token-invalid', 'Not a token this server issued');
    if (found.session.ended) return refuse('UNAUTHENTICATED', 'authorization', 'session-ended', 'The session has ended');
    if (this.options.clock.now() >= found.expiresAt) return refuse('UNAUTHENTICATED', 'authorization', 'access-token-expired', 'The access token has expired');
    return found.session.playerId;
  }

  private issue(session: ServerSession): unknown {
    const now = this.options.clock.now();
    const lifetime = this.options.accessTokenMs ?? 15 * 60_000;
    const accessToken = `at-${(this.counter += 1)}`;
    session.refreshToken = `rt-${(this.counter += 1)}`;
    this.accessTokens.set(accessToken, { session, expiresAt: now + lifetime });
    return {
      accessToken,
      expiresAt: new Date(now + lifetime).toISOString(),
      refreshToken: session.refreshToken,
      refreshExpiresAt: new Date(now + 90 * 86_400_000).toISOString(),
      player: { id: session.playerId, displayName: 'Player', hasEmail: false },
    };
  }

  private async run(operationName: string, v: Record<string, unknown>, authorization: string | undefined): Promise<unknown> {
    switch (operationName) {
      case 'SdkSignInWithDevice': {
        const deviceId = (v.input as { deviceId: string }).deviceId;
        if (!/^[A-Za-z0-9_-]{32,128}$/.test(deviceId)) refuse('BAD_USER_INPUT', 'input.deviceId', 'alphabet', 'Not a device id');
        const playerId = this.players.get(deviceId) ?? `player-${(this.counter += 1)}`;
        this.players.set(deviceId, playerId);
        const session: ServerSession = { playerId, refreshToken: '', ended: false };
        const payload = this.issue(session);
        this.sessions.set(session.refreshToken, session);
        return { signInWithDevice: payload };
      }
      case 'SdkRegisterPlayer':
      case 'SdkLogin': {
        const { email, password } = v.input as { email: string; password: string };
        const known = this.accounts.get(email);
        if (operationName === 'SdkRegisterPlayer') {
          if (known) refuse('CONFLICT', 'input.email', 'unique', 'This email is taken');
          this.accounts.set(email, { password, playerId: `player-${(this.counter += 1)}` });
        } else if (!known || known.password !== password) refuse('UNAUTHENTICATED', undefined, undefined, 'Wrong email or password');
        const session: ServerSession = { playerId: this.accounts.get(email)!.playerId, refreshToken: '', ended: false };
        const payload = { ...(this.issue(session) as object), player: { id: session.playerId, displayName: 'Player', hasEmail: true } };
        this.sessions.set(session.refreshToken, session);
        return { [operationName === 'SdkLogin' ? 'login' : 'registerPlayer']: payload };
      }
      case 'SdkRefreshSession': {
        const token = v.refreshToken as string;
        const session = [...this.sessions.values()].find((s) => s.refreshToken === token);
        if (!session) {
          const reused = this.sessions.get(token);
          if (reused) {
            reused.ended = true;
            refuse('UNAUTHENTICATED', 'refreshToken', 'reused', 'This refresh token was already exchanged: the session is ended');
          }
          refuse('UNAUTHENTICATED', 'refreshToken', 'unknown', 'Not a refresh token this server issued');
        }
        if (session!.ended) refuse('UNAUTHENTICATED', 'refreshToken', 'ended', 'The session was signed out');
        this.refreshes += 1;
        const payload = this.issue(session!);
        this.sessions.set(session!.refreshToken, session!);
        return { refreshSession: payload };
      }
      case 'SdkSignOut': {
        const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
        const found = token ? this.accessTokens.get(token) : undefined;
        if (!found) refuse('UNAUTHENTICATED', 'authorization', 'access-token-invalid', 'Not a token this server issued');
        const was = !found!.session.ended;
        found!.session.ended = true;
        return { signOut: was };
      }
    }
    const link = this.shareLinkOf(authorization);
    if (link) {
      if (!SHARE_LINK_READS.has(operationName)) refuse('FORBIDDEN', 'authorization', 'share-link-scope', 'A read-only share link reads and follows its campaign only');
      const asked = (v.id ?? v.campaignId) as string | undefined;
      if (asked !== undefined && asked !== link.campaignId) refuse('NOT_FOUND', v.id !== undefined ? 'id' : 'campaignId', 'exists', `No campaign ${asked}`);
    }
    const playerId = link ? `share-link:${link.id}` : this.playerOf(authorization);
    switch (operationName) {
      case 'SdkImportCampaign':
        return { importCampaign: this.importCampaign(v.input as { groupId: string; file: unknown; name?: string; dryRun?: boolean }, playerId) };
      case 'SdkSetCampaignExportConsent': {
        const campaign = this.campaignOf(v.campaignId as string, 'campaignId');
        const consents = this.exportConsents.get(campaign.id) ?? new Set<string>();
        if (v.consent) consents.add(playerId);
        else consents.delete(playerId);
        this.exportConsents.set(campaign.id, consents);
        return { setCampaignExportConsent: { campaignId: campaign.id, consent: Boolean(v.consent) } };
      }
      case 'SdkCreateCampaignShareLink': {
        const input = v.input as { campaignId: string; label?: string | null };
        const campaign = this.campaignOf(input.campaignId, 'input.campaignId');
        const working = [...this.shareLinks.values()].filter((each) => each.campaignId === campaign.id && !each.revokedAt);
        if (working.length >= 20) refuse('CONFLICT', 'input.campaignId', 'share-link-limit', 'At most 20 share links work at once');
        const id = `link-${(this.counter += 1)}`;
        const created: ServerShareLink = {
          id,
          campaignId: campaign.id,
          token: `share-link.${id}.secret-${(this.counter += 1)}`,
          label: input.label ?? null,
          createdBy: playerId,
          createdAt: new Date(this.options.clock.now()).toISOString(),
          revokedAt: null,
          revokedBy: null,
        };
        this.shareLinks.set(id, created);
        return { createCampaignShareLink: { token: created.token, link: this.linkOf(created) } };
      }
      case 'SdkCampaignShareLinks': {
        const campaign = this.campaignOf(v.campaignId as string, 'campaignId');
        return { campaignShareLinks: [...this.shareLinks.values()].filter((each) => each.campaignId === campaign.id).map((each) => this.linkOf(each)) };
      }
      case 'SdkRevokeCampaignShareLink': {
        const found = this.shareLinks.get(v.id as string) ?? refuse('NOT_FOUND', 'id', 'exists', `No share link ${String(v.id)}`);
        this.campaignOf(found.campaignId, 'id');
        if (!found.revokedAt) {
          found.revokedAt = new Date(this.options.clock.now()).toISOString();
          found.revokedBy = playerId;
        }
        return { revokeCampaignShareLink: this.linkOf(found) };
      }
      case 'SdkLinkEmail': {
        const { email, password } = v.input as { email: string; password: string };
        if (this.accounts.has(email)) refuse('CONFLICT', 'input.email', 'unique', 'This email is taken');
        this.accounts.set(email, { password, playerId });
        return { linkEmail: { id: playerId, displayName: 'Player', hasEmail: true } };
      }
      case 'SdkCampaign': {
        const campaign = this.campaigns.get(v.id as string);
        return { campaign: campaign && !campaign.deletedAt ? this.copyOf(campaign) : null };
      }
      case 'SdkRenameCampaign': {
        const { campaignId, name } = v.input as { campaignId: string; name: string };
        return { renameCampaign: this.copyOf(this.rename(campaignId, name, playerId)) };
      }
      case 'SdkArchiveCampaign': {
        return { archiveCampaign: this.copyOf(this.archive(v.campaignId as string, true, playerId)) };
      }
      case 'SdkUnarchiveCampaign': {
        return { unarchiveCampaign: this.copyOf(this.archive(v.campaignId as string, false, playerId)) };
      }
      case 'SdkTransferCampaign': {
        const { campaignId, groupId } = v.input as { campaignId: string; groupId: string };
        const campaign = this.writable(campaignId, 'input.campaignId');
        if (groupId === campaign.groupId) refuse('BAD_USER_INPUT', 'input.groupId', 'same-group', 'The campaign is in that group already');
        this.recordLifecycle(campaign, playerId, 'transfer-campaign', { fromGroupId: campaign.groupId, toGroupId: groupId });
        campaign.groupId = groupId;
        return { transferCampaign: this.copyOf(campaign) };
      }
      case 'SdkDeleteCampaign': {
        const campaign = this.campaignOf(v.campaignId as string, 'campaignId');
        this.recordLifecycle(campaign, playerId, 'delete-campaign', {});
        campaign.deletedAt = new Date(this.options.clock.now()).toISOString();
        return { deleteCampaign: this.deletedOf(campaign, playerId) };
      }
      case 'SdkRestoreCampaign': {
        const campaign = this.campaigns.get(v.campaignId as string) ?? refuse('NOT_FOUND', 'campaignId', 'exists', `No campaign ${String(v.campaignId)}`);
        if (campaign.deletedAt) {
          campaign.deletedAt = null;
          this.recordLifecycle(campaign, playerId, 'restore-campaign', {});
        }
        return { restoreCampaign: this.copyOf(campaign) };
      }
      case 'SdkDeletedGroupCampaigns': {
        const deleted = [...this.campaigns.values()].filter((campaign) => campaign.deletedAt && campaign.groupId === v.groupId).reverse();
        return { deletedGroupCampaigns: { edges: deleted.map((campaign) => ({ node: this.deletedOf(campaign, playerId) })), pageInfo: { hasNextPage: false, endCursor: null } } };
      }
      case 'SdkCampaignAt':
        return { campaignAt: this.at(v.campaignId as string, v.version as number) };
      case 'SdkRevertCampaignTo':
        return { revertCampaignTo: this.revert(v.campaignId as string, v.version as number, playerId) };
      case 'SdkCreateCampaign': {
        const input = v.input as { gameId: string; name: string };
        return { createCampaign: this.copyOf(this.createCampaign(input.gameId, playerId)) };
      }
      case 'SdkPushCampaignActions':
        return { pushCampaignActions: this.push(v.input as PushInput, playerId) };
      case 'SdkCampaignChanges':
        return { campaignChanges: await this.changes(v.campaignId as string, v as PullVariables, playerId) };
      case 'SdkUndoCampaignAction':
        return { undoCampaignAction: this.undo(v.campaignId as string, v.actionVersion as number, playerId) };
      case 'SdkCampaignHistory':
        return { campaignHistory: this.history(v.campaignId as string, (v.first as number | null) ?? 20, (v.after as string | null) ?? null) };
      case 'SdkCampaignActions': {
        const game = this.options.games.find((g) => g.id === v.gameId);
        return {
          campaignActions:
            game?.campaign?.actions.map((action) => ({ name: action.name, description: action.description, argsSchema: {}, example: action.example, exampleAfter: action.exampleAfter ?? [] })) ?? null,
        };
      }
      default:
        return refuse('BAD_USER_INPUT', 'operationName', 'exists', `No operation ${operationName}`);
    }
  }

  private copyOf(campaign: ServerCampaign) {
    return {
      id: campaign.id,
      gameId: campaign.gameId,
      groupId: campaign.groupId,
      name: campaign.name,
      archivedAt: campaign.archivedAt,
      version: campaign.version,
      stateJson: structuredClone(campaign.state),
    };
  }

  private deletedOf(campaign: ServerCampaign, playerId: string) {
    const restorableUntil = new Date(Date.parse(campaign.deletedAt!) + 30 * 86_400_000).toISOString();
    return {
      id: campaign.id,
      gameId: campaign.gameId,
      groupId: campaign.groupId,
      name: campaign.name,
      archived: campaign.archivedAt !== null,
      deletedAt: campaign.deletedAt!,
      restorableUntil,
      deletedBy: { id: playerId, displayName: 'Player' },
    };
  }

  /** `renameCampaign` (also for tests acting as another member): refused while archived, the same name records nothing. */
  rename(campaignId: string, name: string, playerId = 'player-member'): ServerCampaign {
    const campaign = this.writable(campaignId, 'input.campaignId');
    const to = name.trim();
    if (to.length === 0) refuse('BAD_USER_INPUT', 'input.name', 'min', 'A name has at least one character');
    if (to.length > 80) refuse('BAD_USER_INPUT', 'input.name', 'max', 'A name has at most 80 characters');
    if (to !== campaign.name) {
      this.recordLifecycle(campaign, playerId, 'rename-campaign', { from: campaign.name, to });
      campaign.name = to;
    }
    return campaign;
  }

  /** `archiveCampaign` (`archived` true) or `unarchiveCampaign`: one that is already so is answered as it is, recording nothing. */
  archive(campaignId: string, archived: boolean, playerId = 'player-member'): ServerCampaign {
    const campaign = this.campaignOf(campaignId, 'campaignId');
    if (archived === (campaign.archivedAt !== null)) return campaign;
    campaign.archivedAt = archived ? new Date(this.options.clock.now()).toISOString() : null;
    this.recordLifecycle(campaign, playerId, archived ? 'archive-campaign' : 'unarchive-campaign', {});
    return campaign;
  }

  /** The share link a bearer token names, or null for any other token; a revoked one is refused as the service refuses it. */
  private shareLinkOf(authorization: string | undefined): ServerShareLink | null {
    const token = /^Bearer (share-link\.([^.]+)\..+)$/.exec(authorization ?? '');
    if (!token) return null;
    const found = this.shareLinks.get(token[2]);
    if (!found || found.token !== token[1] || found.revokedAt) return refuse('UNAUTHENTICATED', 'authorization', 'share-link-revoked', 'This share link no longer works');
    return found;
  }

  private linkOf(link: ServerShareLink) {
    const player = (id: string | null) => (id === null ? null : { id, displayName: 'Player' });
    return { id: link.id, campaignId: link.campaignId, label: link.label, createdAt: link.createdAt, createdBy: player(link.createdBy)!, revokedAt: link.revokedAt, revokedBy: player(link.revokedBy) };
  }

  /** `GET /campaigns/<id>/export` (docs/campaign-files.md, Export): members get the file, a share link 403, anyone else 404. */
  download(url: string, authorization: string | undefined): Download {
    const failed = (status: number, code: string, field: string, rule: string, message: string): Download => ({ status, filename: null, pieces: [], errors: [{ message, extensions: { code, field, rule } }] });
    const id = decodeURIComponent(/\/campaigns\/([^/]+)\/export$/.exec(url)?.[1] ?? '');
    try {
      if (this.shareLinkOf(authorization)) return failed(403, 'FORBIDDEN', 'authorization', 'share-link-scope', 'A share link reads and follows; a file is more than that');
      this.playerOf(authorization);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return failed(401, error.code, error.field ?? 'authorization', error.rule ?? 'access-token-invalid', error.message);
    }
    const campaign = this.campaigns.get(id);
    if (!campaign || campaign.deletedAt) return failed(404, 'NOT_FOUND', 'id', 'exists', `No campaign ${id}`);
    const pieces = exportPieces({ ...campaign, log: campaign.log.slice(0, campaign.version) }, new Date(this.options.clock.now()).toISOString());
    return { status: 200, filename: `campaign-${campaign.id}-v${campaign.version}.json`, pieces, errors: null };
  }

  /** docs/campaign-files.md, Import: replayed and checked; a dry run stores nothing; the new campaign starts with no device's progress. */
  private importCampaign(input: { groupId: string; file: unknown; name?: string; dryRun?: boolean }, playerId: string) {
    const imported = importFile(input.file, (gameId) => this.options.games.find((g) => g.id === gameId)?.campaign, input.name);
    if (!('preview' in imported)) return refuse('BAD_USER_INPUT', `input.${imported.field}`, imported.rule, imported.message);
    if (input.dryRun) return { dryRun: true, campaignId: null, preview: imported.preview };
    const campaign = this.createCampaign(imported.gameId, playerId);
    Object.assign(campaign, { initialState: structuredClone(imported.initialState), name: imported.name, groupId: input.groupId });
    campaign.state = structuredClone(imported.state);
    campaign.version = imported.changes.length;
    for (const change of imported.changes) {
      campaign.log.push({
        version: change.version,
        name: change.name,
        args: change.args,
        clientId: change.clientId,
        seq: change.seq,
        playerId: change.player,
        appliedAt: new Date(change.appliedAt).toISOString(),
        undoesVersion: change.undoesVersion,
        undoneByVersion: change.undoneByVersion,
        delta: toWire(change.delta as StateChange[]),
      });
    }
    return { dryRun: false, campaignId: campaign.id, preview: imported.preview };
  }

  /** A deleted campaign is NOT_FOUND, as one never made (docs/campaign-lifecycle.md). */
  private campaignOf(id: string, field: string): ServerCampaign {
    const campaign = this.campaigns.get(id);
    return campaign && !campaign.deletedAt ? campaign : refuse('NOT_FOUND', field, 'exists', `No campaign ${id}`);
  }

  /** A campaign that takes writes: an archived one refuses them all (docs/campaign-lifecycle.md, Archived campaigns are read-only). */
  private writable(id: string, field: string): ServerCampaign {
    const campaign = this.campaignOf(id, field);
    if (campaign.archivedAt) refuse('CONFLICT', field, 'campaign-archived', 'The campaign is archived: unarchive it first');
    return campaign;
  }

  /** A lifecycle change: the next version, with an empty delta and no client or seq, announced as a push is. */
  private recordLifecycle(campaign: ServerCampaign, playerId: string, name: string, args: Record<string, unknown>): void {
    const fromVersion = campaign.version;
    campaign.version += 1;
    campaign.log.push({
      version: campaign.version,
      name,
      args,
      clientId: null,
      seq: null,
      playerId,
      appliedAt: new Date(this.options.clock.now()).toISOString(),
      undoesVersion: null,
      undoneByVersion: null,
      delta: [],
    });
    this.onCommit(campaign.id, fromVersion, campaign.version);
  }

  private checkVersion(campaign: ServerCampaign, version: number): void {
    if (!Number.isInteger(version) || version < 0) refuse('BAD_USER_INPUT', 'version', 'range', 'A version is 0 or more');
    if (version > campaign.version) refuse('CONFLICT', 'version', 'ahead-of-campaign', `The campaign is at version ${campaign.version}`);
  }

  /** docs/sync.md, Time travel: forwards from the state at 0 (this model keeps no snapshots between). */
  private at(campaignId: string, version: number) {
    const campaign = this.campaignOf(campaignId, 'campaignId');
    this.checkVersion(campaign, version);
    return {
      campaignId,
      version,
      currentVersion: campaign.version,
      stateJson: stateAt(campaign.initialState, campaign.log, version),
      replayedFromVersion: 0,
      replayedChanges: version,
    };
  }

  /**
   * docs/sync.md, Revert: one compensating change from the current state to
   * the state at `version`, planned by the library's `planRevert` as the
   * service plans it: every change after the version that the game never
   * undoes (an opened envelope) blocks it, undone or not, and is named in
   * `blockingVersions`.
   */
  private revert(campaignId: string, version: number, playerId: string) {
    const campaign = this.writable(campaignId, 'campaignId');
    this.checkVersion(campaign, version);
    if (version === campaign.version) refuse('CONFLICT', 'version', 'nothing-to-revert', `The campaign is at version ${version} already`);
    const later = campaign.log.filter((change) => change.version > version).map(({ version: at, name }) => ({ version: at, name }));
    let planned: { delta: StateChange[]; state: unknown };
    try {
      planned = planRevert(campaign.model, campaign.state, stateAt(campaign.initialState, campaign.log, version), version, later);
    } catch (error) {
      if (error instanceof RevertBlocked) return refuse(error.code, error.field, error.rule, error.reason, { blockingVersions: error.versions });
      if (error instanceof ActionRejection) return refuse(error.code, error.field, error.rule, error.reason);
      throw error;
    }
    const fromVersion = campaign.version;
    const change: WireChange = {
      version: fromVersion + 1,
      name: 'revert',
      args: { toVersion: version },
      clientId: null,
      seq: null,
      playerId,
      appliedAt: new Date(this.options.clock.now()).toISOString(),
      undoesVersion: null,
      undoneByVersion: null,
      delta: toWire(planned.delta),
    };
    for (const later of campaign.log) if (later.version > version && later.undoneByVersion === null && !LIFECYCLE.has(later.name)) later.undoneByVersion = change.version;
    campaign.state = planned.state;
    campaign.version = change.version;
    campaign.log.push(change);
    this.onCommit(campaign.id, fromVersion, change.version);
    return change;
  }

  /**
   * The server's own change when the campaign's group opens a legacy
   * envelope (docs/envelopes.md): the game's `openingChanges` appended as the
   * next version, with no client or seq, by the player whose win opened it
   * and naming the campaign it was won in, as the worker's fan-out logs it,
   * announced as a push is. A test's way to give a campaign a change the
   * game never undoes.
   */
  openEnvelope(campaignId: string, envelope: OpenedEnvelope, openedBy: { playerId: string; inCampaignId: string } = { playerId: 'player-1', inCampaignId: campaignId }): WireChange {
    const campaign = this.campaignOf(campaignId, 'campaignId');
    const legacy = campaign.model.legacy;
    if (!legacy) throw new Error(`${campaign.gameId} opens no envelopes`);
    const delta = openingChanges(legacy, campaign.state, envelope);
    if (delta.length === 0) throw new Error(`${campaignId} holds ${envelope.envelopeId} already`);
    const fromVersion = campaign.version;
    const change: WireChange = {
      version: fromVersion + 1,
      name: legacy.openAction,
      args: { envelopeId: envelope.envelopeId, byScenarioId: envelope.byScenarioId, openedInCampaignId: openedBy.inCampaignId },
      clientId: null,
      seq: null,
      playerId: openedBy.playerId,
      appliedAt: envelope.openedAt,
      undoesVersion: null,
      undoneByVersion: null,
      delta: toWire(delta),
    };
    campaign.state = applyChanges(campaign.state, delta);
    campaign.version = change.version;
    campaign.log.push(change);
    this.onCommit(campaign.id, fromVersion, change.version);
    return change;
  }

  /** docs/sync.md, Push: one step per request, nothing stored when the whole push is refused. */
  private push(input: PushInput, playerId: string) {
    if (!CLIENT_ID.test(input.clientId)) refuse('BAD_USER_INPUT', 'input.clientId', 'client-id-format', 'clientId must be 8 to 64 letters, digits, "-" or "_"');
    if (input.actions.length === 0) refuse('BAD_USER_INPUT', 'input.actions', 'batch-empty', 'A push carries at least one action');
    if (input.actions.length > 100) refuse('BAD_USER_INPUT', 'input.actions', 'batch-size', 'A push carries at most 100 actions');
    input.actions.forEach((action, i) => {
      if (!Number.isInteger(action.seq) || action.seq < 1 || action.seq > 2_147_483_647) refuse('BAD_USER_INPUT', `input.actions[${i}].seq`, 'seq-range', 'seq out of range');
      if (i > 0 && action.seq !== input.actions[i - 1].seq + 1) refuse('BAD_USER_INPUT', `input.actions[${i}].seq`, 'sequence-gap', 'seqs not consecutive');
      if (new TextEncoder().encode(JSON.stringify(action.args ?? {})).length > 8192) refuse('BAD_USER_INPUT', `input.actions[${i}].args`, 'args-size', 'args too large');
    });
    const campaign = this.writable(input.campaignId, 'input.campaignId');
    let lastSeq = campaign.lastSeq.get(input.clientId) ?? 0;
    let { state, version } = campaign;
    const applied: WireChange[] = [];
    const handled: HandledAction[] = [];
    const rejected: { seq: number; code: string; rule: string; field: string; reason: string }[] = [];
    const kept: KeptRejection[] = [];
    const now = this.options.clock.now();
    input.actions.forEach((action, i) => {
      if (action.seq <= lastSeq) return;
      if (action.seq !== lastSeq + 1) refuse('BAD_USER_INPUT', `input.actions[${i}].seq`, 'sequence-gap', `seq ${action.seq} skips ahead of ${lastSeq}`);
      lastSeq = action.seq;
      const definition = actionOf(campaign.model, action.name);
      try {
        if (!definition) throw new ActionRejection('BAD_USER_INPUT', 'unknown-action', `${action.name} is not an action of this game`, 'name');
        const result = applyAction(campaign.model.stateSchema, definition, state, action.args);
        state = result.state;
        version += 1;
        applied.push({
          version,
          name: action.name,
          args: action.args ?? {},
          clientId: input.clientId,
          seq: action.seq,
          playerId,
          appliedAt: new Date(this.options.clock.now()).toISOString(),
          undoesVersion: null,
          undoneByVersion: null,
          delta: toWire(result.delta),
        });
        handled.push({ seq: action.seq, name: action.name, args: action.args, outcome: 'applied', version, reason: null });
      } catch (error) {
        if (!(error instanceof ActionRejection)) throw error;
        rejected.push({ seq: action.seq, code: error.code, rule: error.rule, field: error.field, reason: error.reason });
        kept.push({ seq: action.seq, name: action.name, code: error.code, rule: error.rule, field: error.field, reason: error.reason, playerId, rejectedAt: now });
        handled.push({ seq: action.seq, name: action.name, args: action.args, outcome: 'rejected', version: null, reason: error.reason });
      }
    });
    const fromVersion = campaign.version;
    // Stored together: the state, the changes, the rejections, the version and the client's last seq.
    if (kept.length > 0 && this.options.keepsRejections !== false) this.keepRejections(campaign, input.clientId, kept, now);
    campaign.state = state;
    campaign.version = version;
    campaign.log.push(...applied);
    campaign.lastSeq.set(input.clientId, lastSeq);
    campaign.handled.set(input.clientId, [...(campaign.handled.get(input.clientId) ?? []), ...handled]);
    if (version !== fromVersion) this.onCommit(campaign.id, fromVersion, version);
    return { version, lastSeq, rejected };
  }

  /** As the service prunes at the write that stores a rejection: the campaign's older than 30 days, the device's past its newest 100. */
  private keepRejections(campaign: ServerCampaign, clientId: string, kept: readonly KeptRejection[], now: number): void {
    for (const [id, rows] of campaign.rejections) campaign.rejections.set(id, rows.filter((row) => row.rejectedAt >= now - REJECTIONS_KEPT_MS));
    const rows = [...(campaign.rejections.get(clientId) ?? []).filter((row) => !kept.some((k) => k.seq === row.seq)), ...kept].sort((x, y) => x.seq - y.seq);
    campaign.rejections.set(clientId, rows.slice(Math.max(0, rows.length - REJECTIONS_KEPT_PER_CLIENT)));
  }

  /** docs/sync.md, Pull. */
  private async changes(campaignId: string, pull: PullVariables, playerId: string) {
    const hasSince = pull.sinceVersion !== undefined && pull.sinceVersion !== null;
    const hasAfter = pull.after !== undefined && pull.after !== null;
    if (hasSince && hasAfter) refuse('BAD_USER_INPUT', 'after', 'one-of', 'Give sinceVersion or after, not both');
    if (!hasSince && !hasAfter) refuse('BAD_USER_INPUT', 'sinceVersion', 'required', 'Give sinceVersion or after');
    const sinceVersion = hasAfter ? versionOfCursor(campaignId, pull.after!) : pull.sinceVersion!;
    const first = pull.first ?? 500;
    if (first < 1 || first > 500) refuse('BAD_USER_INPUT', 'first', 'range', 'first must be 1 to 500');
    const rejectionsFor = pull.rejectionsFor ?? [];
    if (rejectionsFor.length > MAX_REJECTION_CLIENTS) refuse('BAD_USER_INPUT', 'rejectionsFor', 'range', 'rejectionsFor names at most 20 devices');
    rejectionsFor.forEach((clientId, i) => {
      if (!CLIENT_ID.test(clientId)) refuse('BAD_USER_INPUT', `rejectionsFor[${i}]`, 'client-id-format', 'Not a clientId');
    });
    const campaign = this.campaignOf(campaignId, 'campaignId');
    const version = campaign.version;
    if (sinceVersion > version) refuse('CONFLICT', hasAfter ? 'after' : 'sinceVersion', 'ahead-of-campaign', `The campaign is at version ${version}`);
    const rows = campaign.log.filter((change) => change.version > sinceVersion).slice(0, first + 1);
    await this.betweenPullReads();
    const clients = [...campaign.lastSeq].map(([clientId, lastSeq]) => ({ clientId, lastSeq }));
    const page = structuredClone(rows.slice(0, first));
    const keptSince = this.options.clock.now() - REJECTIONS_KEPT_MS;
    const rejected = [...new Set(rejectionsFor)].sort().flatMap((clientId) =>
      (campaign.rejections.get(clientId) ?? [])
        .filter((row) => row.playerId === playerId && row.rejectedAt >= keptSince)
        .map(({ seq, name, code, rule, field, reason, rejectedAt }) => ({ clientId, seq, name, code, rule, field, reason, rejectedAt: new Date(rejectedAt).toISOString() })),
    );
    const endCursor = cursorOf(campaignId, page.length > 0 ? page[page.length - 1].version : sinceVersion);
    return { version, hasMore: rows.length > first, endCursor, clients, changes: page, rejected };
  }

  private undo(campaignId: string, actionVersion: number, playerId: string) {
    const campaign = this.writable(campaignId, 'campaignId');
    const target = campaign.log.find((change) => change.version === actionVersion);
    if (!target) refuse('NOT_FOUND', 'actionVersion', 'exists', `No change ${actionVersion}`);
    if (LIFECYCLE.has(target!.name)) refuse('CONFLICT', 'actionVersion', 'lifecycle-change', 'A lifecycle change is not undone: do the opposite operation');
    const logged = (change: WireChange): LoggedChange => ({
      version: change.version,
      name: change.name,
      undoesVersion: change.undoesVersion,
      undoneByVersion: change.undoneByVersion,
      delta: change.delta.map((d): StateChange => (d.op === 'add' ? { op: 'add', path: d.path, by: d.by! } : d.op === 'remove' ? { op: 'remove', path: d.path, from: d.from } : { op: 'set', path: d.path, from: d.from ?? undefined, to: d.to })),
    });
    let planned;
    try {
      planned = planUndo(campaign.model, campaign.state, logged(target!), campaign.log.filter((change) => change.version > actionVersion).map(logged));
    } catch (error) {
      if (error instanceof ActionRejection) refuse('CONFLICT', 'actionVersion', error.rule, error.reason);
      throw error;
    }
    const fromVersion = campaign.version;
    const change: WireChange = {
      version: fromVersion + 1,
      name: 'undo',
      args: { actionVersion },
      clientId: null,
      seq: null,
      playerId,
      appliedAt: new Date(this.options.clock.now()).toISOString(),
      undoesVersion: actionVersion,
      undoneByVersion: null,
      delta: toWire(planned!.delta),
    };
    target!.undoneByVersion = change.version;
    campaign.state = planned!.state;
    campaign.version = change.version;
    campaign.log.push(change);
    this.onCommit(campaign.id, fromVersion, change.version);
    return change;
  }

  private history(campaignId: string, first: number, after: string | null) {
    const campaign = this.campaignOf(campaignId, 'campaignId');
    const before = after === null ? Number.POSITIVE_INFINITY : Number(after);
    const rows = [...campaign.log].reverse().filter((change) => change.version < before);
    const page = rows.slice(0, first);
    return {
      edges: page.map((node) => ({ cursor: String(node.version), node })),
      pageInfo: { hasNextPage: rows.length > first, endCursor: page.length ? String(page[page.length - 1].version) : null },
    };
  }
}

interface PullVariables {
  readonly sinceVersion?: number | null;
  readonly after?: string | null;
  readonly first?: number | null;
  readonly rejectionsFor?: readonly string[] | null;
}

interface PushInput {
  readonly campaignId: string;
  readonly clientId: string;
  readonly actions: readonly { seq: number; name: string; args?: unknown }[];
}
