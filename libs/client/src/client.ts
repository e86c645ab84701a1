import type { CampaignModel } from '@scriptbook/campaign-model';
import { Clock, systemClock } from './clock';
import { ScriptbookError } from './errors';
import type { CreateCampaignInput, LinkEmailInput, LoginInput, RegisterPlayerInput } from './generated/operations';
import { LiveUpdates } from './live/live-updates';
import { DEFAULT_BACKOFF, BackoffPolicy } from './replica/backoff';
import { CampaignReplica } from './replica/campaign-replica';
import { CampaignOutbox } from './replica/outbox';
import { base64url, newClientId, platformRandomBytes, RandomBytes } from './session/device-id';
import { defaultKeystore, Keystore } from './session/keystore';
import { defaultLocks, LockAdapter } from './session/locks';
import { Player, Session, SessionEvent, SessionManager, SignedOutEvent, SignInWithDeviceOptions } from './session/session';
import type { DurableStore } from './store/durable-store';
import { indexedDbStore } from './store/indexeddb-store';
import { memoryStore } from './store/memory-store';
import { CampaignApi, CampaignCopy, CatalogAction, graphqlCampaignApi } from './transport/campaign-api';
import { CampaignSummary, Group, GroupInvitation, GroupsApi, graphqlGroupsApi, Page } from './transport/groups-api';
import { CampaignExport, downloadExport } from './transport/export-download';
import type { FetchLike } from './transport/http';
import { CampaignImport, CreatedShareLink, DeletedCampaign, ExportConsent, graphqlLifecycleApi, ImportCampaignOptions, LifecycleApi, ShareLink } from './transport/lifecycle-api';
import { fileForImport } from './transport/import-file';
import { graphqlScoringApi, ScoringApi, ZoneSurvivalCampaignResult, ZoneSurvivalCampaignSubmission } from './transport/scoring-api';
import { shareLinkKeystore } from './session/share-link-session';
import type { Operation } from './transport/operation';

/**
 * A game the client can play campaigns of: its id and its campaign model.
 * A game's descriptor (`@scriptbook/games`, or one of the package's
 * `games/<id>` entries) fits as it is.
 */
export interface SupportedGame {
  readonly id: string;
  /** The game's campaign model; a game without one keeps no campaigns. */
  readonly campaign?: GameCampaignModel;
}

/**
 * What an app's types see of a campaign model: the SDK runs the model
 * itself, so its inner types (zod schemas, action plans) stay out of the
 * public API.
 */
export interface GameCampaignModel {
  /** The field of `Campaign` that serves the game's state, e.g. `zoneSurvivalState`. */
  readonly stateField: string;
  readonly stateTypeName: string;
}

/** Tells the client the network came back, so it retries at once instead of waiting out a backoff. */
export interface Connectivity {
  onOnline(listener: () => void): () => void;
}

export interface ScriptbookClientOptions {
  /** The gateway's GraphQL endpoint, `https://<the API host>/graphql`. */
  readonly endpoint: string;
  /** The games whose campaigns this app plays; a campaign of another game cannot be opened. */
  readonly games: readonly SupportedGame[];
  /** The graphql-ws endpoint; `/graphql/ws` on the endpoint's host by default. */
  readonly liveEndpoint?: string;
  /**
   * Where `GET /campaigns/<id>/export` is served: the endpoint's origin by
   * default, the gateway, which passes the download through to campaigns
   * (docs/campaign-files.md). Set it only where downloads live elsewhere.
   */
  readonly filesEndpoint?: string;
  /** Where the session and the device id are kept: `localStorage` in browsers, memory elsewhere, unless given. */
  readonly keystore?: Keystore;
  /** The durable outbox: IndexedDB in browsers, memory elsewhere, unless given (Node: `fileStore` from the Node entry). */
  readonly store?: DurableStore;
  /** Cross-tab locks: Web Locks where the platform has them. */
  readonly locks?: LockAdapter;
  /** The platform's `fetch` by default. */
  readonly fetch?: FetchLike;
  /** The WebSocket class for live updates (Node 20: the `ws` package's); the platform's by default; null turns live updates off. */
  readonly webSocket?: unknown;
  readonly clock?: Clock;
  /** A cryptographic random source for the device id; `crypto.getRandomValues` by default. */
  readonly randomBytes?: RandomBytes;
  /** Uniform in [0, 1): the backoff's jitter. */
  readonly random?: () => number;
  /** A request with no answer after this long counts as offline (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** How often a campaign is pulled while it is not followed live (default 30 s). */
  readonly pollIntervalMs?: number;
  readonly backoff?: BackoffPolicy;
  /** The platform's online event by default (`window`'s `online`); null for none. */
  readonly connectivity?: Connectivity | null;
}

/** The campaign's game is not among the client's `games`. */
export class UnsupportedGameError extends Error {
  constructor(readonly gameId: string) {
    super(`This client was created without the game ${gameId}: pass its descriptor in \`games\``);
    this.name = 'UnsupportedGameError';
  }
}

function liveUrlOf(endpoint: string): string {
  return `${endpoint.replace(/^http/, 'ws').replace(/\/graphql\/?$/, '')}/graphql/ws`;
}

function platformConnectivity(): Connectivity | null {
  const target = globalThis as { addEventListener?: (type: string, listener: () => void) => void; removeEventListener?: (type: string, listener: () => void) => void };
  if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function') return null;
  return {
    onOnline(listener) {
      target.addEventListener!('online', listener);
      return () => target.removeEventListener!('online', listener);
    },
  };
}

async function defaultStore(endpoint: string): Promise<DurableStore> {
  if ((globalThis as { indexedDB?: unknown }).indexedDB) return indexedDbStore({ name: `scriptbook-client:${endpoint}` });
  return memoryStore();
}

/** Everything the client and its replicas share. */
interface Wiring {
  readonly options: ScriptbookClientOptions;
  readonly clock: Clock;
  readonly random: () => number;
  readonly randomBytes: RandomBytes | null;
  readonly store: DurableStore;
  readonly locks: LockAdapter;
  readonly backoff: BackoffPolicy;
  readonly session: SessionManager;
  readonly api: CampaignApi;
  readonly groups: GroupsApi;
  readonly lifecycle: LifecycleApi;
  readonly scoring: ScoringApi;
  readonly fetch: FetchLike;
  readonly live: LiveUpdates | null;
  /** The campaign a read-only share link opens: this client is a spectator's, and every replica it opens is read-only. */
  readonly sharedCampaignId?: string;
}

/**
 * The device half of Scriptbook: a session that stays signed in, and
 * campaign replicas that work offline. Create it once per app with
 * `createScriptbookClient`.
 */
export class ScriptbookClient {
  private readonly replicas = new Map<string, Promise<CampaignReplica>>();
  private readonly models: ReadonlyMap<string, CampaignModel>;
  private readonly unlisten: (() => void)[] = [];
  private actionIds = 0;

  /** @internal Use `createScriptbookClient`. */
  constructor(private readonly wiring: Wiring) {
    // The descriptors' models are the campaign models of @scriptbook/campaign-model; the public type hides their inner types.
    this.models = new Map(wiring.options.games.flatMap((game) => (game.campaign ? [[game.id, game.campaign as CampaignModel] as const] : [])));
    this.unlisten.push(
      wiring.session.changes.on((event) => {
        if (event.kind === 'signed-in' || event.kind === 'adopted') void this.resumeAll();
      }),
    );
    const connectivity = wiring.options.connectivity === undefined ? platformConnectivity() : wiring.options.connectivity;
    if (connectivity) this.unlisten.push(connectivity.onOnline(() => void this.resumeAll()));
  }

  /** The session, or null when signed out. */
  get session(): Session | null {
    return this.wiring.session.current;
  }

  get player(): Player | null {
    return this.wiring.session.current?.player ?? null;
  }

  /** Signs this device in without a form; the first time, it creates the player. The device id is made once and kept in the keystore. */
  signInWithDevice(options?: SignInWithDeviceOptions): Promise<Session> {
    return this.wiring.session.signInWithDevice(options);
  }

  login(input: LoginInput): Promise<Session> {
    return this.wiring.session.login(input);
  }

  registerPlayer(input: RegisterPlayerInput): Promise<Session> {
    return this.wiring.session.registerPlayer(input);
  }

  /** Gives a device-only player an email and password, so losing the device does not lose the account. */
  linkEmail(input: LinkEmailInput): Promise<Player> {
    return this.wiring.session.linkEmail(input);
  }

  /** Ends the session on the server and forgets it; the device id stays, so the device can sign in again. */
  signOut(): Promise<void> {
    return this.wiring.session.signOut();
  }

  /**
   * Exchanges the refresh token for new tokens now, one refresh at a time
   * with every other request and tab (the SDK refreshes before expiry by
   * itself): to read the player afresh, say after another device linked an
   * email. A refused refresh token signs the device out (`onSignedOut`,
   * `refresh-refused`).
   */
  refreshSession(): Promise<Session> {
    return this.wiring.session.refresh();
  }

  /**
   * An access token to send now, refreshed first when it is about to end:
   * for an operation of the app's own the SDK does not offer (a content or
   * scoring query it types itself), so that one session keeps one refresher.
   * Two refreshers of one refresh token count as reuse and end the session.
   * `NotSignedInError` while signed out.
   */
  accessToken(): Promise<string> {
    return this.wiring.session.accessToken();
  }

  /** The device id kept in the keystore, made on first use. */
  deviceId(): Promise<string> {
    return this.wiring.session.deviceId();
  }

  /** Every new session: signed in, refreshed, or taken over from another tab. */
  onSession(listener: (event: SessionEvent) => void): () => void {
    return this.wiring.session.changes.on(listener);
  }

  /** The device is no longer signed in, and why (docs/client-sdk.md lists the reasons). */
  onSignedOut(listener: (event: SignedOutEvent) => void): () => void {
    return this.wiring.session.signedOut.on(listener);
  }

  /**
   * The replica of a campaign: from the outbox when the device holds it
   * (offline too), otherwise read from the server first. The same replica
   * for the same id until it is closed. `S` is the state's type as the app
   * knows it (the game's state schema's output); the SDK does not check it.
   */
  campaign<S = unknown>(id: string): Promise<CampaignReplica<S>> {
    let replica = this.replicas.get(id);
    if (!replica) {
      replica = this.open(id, null);
      this.replicas.set(id, replica);
      replica.catch(() => this.replicas.delete(id));
    }
    return replica as Promise<CampaignReplica<S>>;
  }

  /**
   * Scores a finished Zone Survival campaign from the platform's record
   * (online): the server takes the game from the campaign, the table sends
   * only what it decides. A campaign scores once; refusals are
   * `ScriptbookError`s naming `fromCampaign.<field>` and the rule.
   */
  submitZoneSurvivalCampaignResult(submission: ZoneSurvivalCampaignSubmission): Promise<ZoneSurvivalCampaignResult> {
    return this.wiring.scoring.submitZoneSurvivalCampaign(submission);
  }

  /** Starts a campaign on the server (online) and returns its replica. */
  async createCampaign<S = unknown>(input: CreateCampaignInput): Promise<CampaignReplica<S>> {
    const copy = await this.wiring.api.create(input);
    const replica = this.open(copy.id, copy);
    this.replicas.set(copy.id, replica);
    return replica as Promise<CampaignReplica<S>>;
  }

  /** The games this client plays campaigns of, by id: what a "new campaign" menu offers. */
  get gameIds(): readonly string[] {
    return [...this.models.keys()];
  }

  /** The player's groups, online: the personal group first, then the shared ones, most recently joined first. */
  myGroups(): Promise<readonly Group[]> {
    return this.wiring.groups.myGroups();
  }

  /**
   * Creates a shared group with the player as its owner and only member
   * (online). The name is trimmed and must be 1 to 60 plain characters
   * (`BAD_USER_INPUT` on `input.name`, rule `min`, `max` or `plain-text`).
   */
  createGroup(name: string): Promise<Group> {
    return this.wiring.groups.createGroup(name);
  }

  /**
   * An invitation code for a shared group the player is in, shown only now:
   * the others join with it for 72 hours. Refused for a personal group
   * (`FORBIDDEN`, rule `personal`), a group the player is not in
   * (`NOT_FOUND`, `exists`) and past 20 working codes (`CONFLICT`,
   * `open-invitations`).
   */
  inviteToGroup(groupId: string): Promise<GroupInvitation> {
    return this.wiring.groups.invite(groupId);
  }

  /**
   * Joins the group a code belongs to (online). Refused with `field` `code`: a
   * malformed code (`BAD_USER_INPUT`, rule `format`), an unknown one
   * (`NOT_FOUND`, `exists`), an expired or withdrawn one (`BAD_USER_INPUT`,
   * `expired`, `revoked`), a group already joined (`CONFLICT`,
   * `already-member`); too many tries are `RATE_LIMITED`.
   */
  joinGroup(code: string): Promise<Group> {
    return this.wiring.groups.join(code);
  }

  /**
   * A group's campaigns, newest first, a page at a time (online); open one
   * with `campaign(id)`. Archived ones only with `includeArchived` (each
   * with its `archivedAt`); deleted ones never (`deletedGroupCampaigns`).
   */
  groupCampaigns(groupId: string, options?: { first?: number; after?: string | null; includeArchived?: boolean }): Promise<Page<CampaignSummary>> {
    return this.wiring.groups.campaigns(groupId, options);
  }

  /**
   * Renames a campaign (online): 1 to 80 plain characters after trimming
   * (`BAD_USER_INPUT` on `input.name`, rule `min`, `max`, `plain-text`);
   * refused while archived (`CONFLICT`, `campaign-archived`). Recorded in
   * the history as `rename-campaign`; an open replica's `campaign.name`
   * follows once it has pulled it.
   */
  renameCampaign(campaignId: string, name: string): Promise<CampaignCopy> {
    return this.afterLifecycle(campaignId, this.wiring.lifecycle.rename(campaignId, name));
  }

  /** Archives a campaign (online): read-only, out of the lists unless `includeArchived`; the replicas hold their queues back (`sync.archived`). */
  archiveCampaign(campaignId: string): Promise<CampaignCopy> {
    return this.afterLifecycle(campaignId, this.wiring.lifecycle.archive(campaignId));
  }

  /** Ends an archive (online): the replicas send what they held back. */
  unarchiveCampaign(campaignId: string): Promise<CampaignCopy> {
    return this.afterLifecycle(campaignId, this.wiring.lifecycle.unarchive(campaignId));
  }

  /**
   * Moves a campaign to another group the player is in (online): `NOT_FOUND`
   * on `input.groupId` for a group the player is not in, `BAD_USER_INPUT`
   * `same-group` for its own, `CONFLICT` `campaign-archived` while archived.
   */
  transferCampaign(campaignId: string, groupId: string): Promise<CampaignCopy> {
    return this.afterLifecycle(campaignId, this.wiring.lifecycle.transfer(campaignId, groupId));
  }

  /**
   * Deletes a campaign, restorably until `restorableUntil` (online). From
   * then on it answers `NOT_FOUND`: an open replica shows `connection:
   * 'deleted'` and stops, keeping its outbox until a restore or `discard()`.
   */
  async deleteCampaign(campaignId: string): Promise<DeletedCampaign> {
    const deleted = await this.wiring.lifecycle.delete(campaignId);
    const replica = this.replicas.get(campaignId);
    if (replica) void replica.then((open) => open.resume(), () => undefined);
    return deleted;
  }

  /** Brings a deleted campaign back as it was, archived again if it was (online); an open replica resumes syncing. */
  restoreCampaign(campaignId: string): Promise<CampaignCopy> {
    return this.afterLifecycle(campaignId, this.wiring.lifecycle.restore(campaignId));
  }

  /** A group's deleted campaigns that can still be restored, newest first, a page at a time (online). */
  deletedGroupCampaigns(groupId: string, options?: { first?: number; after?: string | null }): Promise<Page<DeletedCampaign>> {
    return this.wiring.lifecycle.deletedGroupCampaigns(groupId, options);
  }

  /**
   * Downloads a campaign's file (docs/campaign-files.md) through the app's
   * `fetch`, as a stream: members only (`NOT_FOUND` otherwise). In Node,
   * `saveCampaignExport` of the Node entry writes it to a file or a
   * writable; in a browser, `exportBlob` makes it a Blob.
   */
  exportCampaign(campaignId: string): Promise<CampaignExport> {
    const { session, fetch, options } = this.wiring;
    return downloadExport(
      {
        fetch,
        filesEndpoint: options.filesEndpoint ?? new URL(options.endpoint).origin,
        accessToken: () => session.accessToken(),
        refused: async (error, token) => {
          if (error.field === 'authorization' && error.rule === 'access-token-expired') return (await session.refresh(token)).accessToken;
          await session.refused(error, token);
          return null;
        },
      },
      campaignId,
    );
  }

  /**
   * Imports a campaign file into a group the player is in, as a new
   * campaign (online). The file is read on the device first, with the same
   * schema the server reads it with: one that is not a campaign file is
   * refused at once (`BAD_USER_INPUT` on `input.file.<path>`), nothing
   * sent. With `dryRun` nothing is stored and `preview` says what would be.
   */
  importCampaign(options: ImportCampaignOptions): Promise<CampaignImport> {
    const file = fileForImport(options.file);
    return this.wiring.lifecycle.importCampaign({ groupId: options.groupId, file, dryRun: options.dryRun ?? false, ...(options.name !== undefined ? { name: options.name } : {}) });
  }

  /** Lets this campaign's exports name the player by their player id (`true`), or by a pseudonym again (`false`, the default). */
  setExportConsent(campaignId: string, consent: boolean): Promise<ExportConsent> {
    return this.wiring.lifecycle.setExportConsent(campaignId, consent);
  }

  /**
   * Makes a read-only share link of a campaign (online): its `token` is
   * shown now only; `openSharedCampaign` opens the campaign with it.
   * At most 20 work at once (`CONFLICT`, `share-link-limit`); a label is 1
   * to 80 plain characters.
   */
  createShareLink(campaignId: string, label?: string): Promise<CreatedShareLink> {
    return this.wiring.lifecycle.createShareLink(campaignId, label);
  }

  /** A campaign's share links, with who made and revoked each and when (online). */
  shareLinks(campaignId: string): Promise<readonly ShareLink[]> {
    return this.wiring.lifecycle.shareLinks(campaignId);
  }

  /** Revokes a share link at once: its token is refused from now on and its live streams end (online). */
  revokeShareLink(id: string): Promise<ShareLink> {
    return this.wiring.lifecycle.revokeShareLink(id);
  }

  /** The server's catalog of a game's actions, with the JSON Schema of their args. */
  actionCatalog(gameId: string): Promise<readonly CatalogAction[] | null> {
    return this.wiring.api.actions(gameId);
  }

  /** Stops every replica and the live connection; the outbox keeps what is queued. */
  async close(): Promise<void> {
    for (const stop of this.unlisten) stop();
    const replicas = await Promise.allSettled([...this.replicas.values()]);
    for (const replica of replicas) if (replica.status === 'fulfilled') replica.value.close();
    this.replicas.clear();
    await this.wiring.live?.close();
    await this.wiring.store.close();
  }

  /** A lifecycle operation's answer: an open replica takes the campaign's name, group and archive from it and pulls the entry it made. */
  private async afterLifecycle(campaignId: string, operation: Promise<CampaignCopy>): Promise<CampaignCopy> {
    const copy = await operation;
    const replica = this.replicas.get(campaignId);
    if (replica) void replica.then((open) => open.lifecycleAnswered(copy), () => undefined);
    return copy;
  }

  private async resumeAll(): Promise<void> {
    const replicas = await Promise.allSettled([...this.replicas.values()]);
    for (const replica of replicas) if (replica.status === 'fulfilled') replica.value.resume();
  }

  private async open(id: string, created: CampaignCopy | null): Promise<CampaignReplica> {
    const { store, api, clock, locks, backoff, random, live } = this.wiring;
    const makeClientId = () => (this.wiring.randomBytes ? newClientId(this.wiring.randomBytes) : fallbackId(random, 22));
    const outbox = new CampaignOutbox(store, id, makeClientId);
    let records = await outbox.load();
    if (!records?.copy) {
      const copy = created ?? (await api.campaign(id));
      if (!copy) throw new ScriptbookError([{ message: `No campaign ${id} for this player`, extensions: { code: 'NOT_FOUND', field: 'id', rule: 'exists' } }]);
      records = await outbox.open({ gameId: copy.gameId, version: copy.version, state: copy.stateJson, name: copy.name, groupId: copy.groupId, archived: Boolean(copy.archivedAt) });
    }
    const gameId = records.copy!.gameId;
    const model = this.models.get(gameId);
    if (!model) throw new UnsupportedGameError(gameId);
    let stopFollowing = () => undefined as void;
    const replica = new CampaignReplica(
      {
        campaignId: id,
        gameId,
        model,
        outbox,
        store,
        api,
        locks,
        pushLock: `scriptbook:${this.wiring.options.endpoint}:push:${id}`,
        clock,
        random,
        backoff,
        newClientId: makeClientId,
        newActionId: () => `${makeClientId()}-${(this.actionIds += 1)}`,
        lifecycle: this.wiring.lifecycle,
        readOnly: this.wiring.sharedCampaignId !== undefined,
        onClose: () => {
          stopFollowing();
          this.replicas.delete(id);
        },
      },
      records,
    );
    replica.pollEvery(this.wiring.options.pollIntervalMs ?? 30_000);
    if (live) stopFollowing = live.follow(replica);
    return replica;
  }
}

function fallbackId(random: () => number, length: number): string {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(random() * 256);
  return base64url(bytes).slice(0, length);
}

function platformWebSocket(): unknown {
  return (globalThis as { WebSocket?: unknown }).WebSocket ?? null;
}

/**
 * Creates the client: reads the session an earlier run kept, and opens the
 * outbox. `games` says which games' campaigns it plays (the universal entry
 * passes every game by default).
 */
export function createScriptbookClient(options: ScriptbookClientOptions): Promise<ScriptbookClient> {
  return wire(options, options.keystore ?? defaultKeystore(), options.store, undefined);
}

export interface SharedCampaignOptions extends Omit<ScriptbookClientOptions, 'keystore' | 'store'> {
  /** The read-only share link's token, as `createShareLink` answered it. */
  readonly token: string;
  /** The campaign it is of. */
  readonly campaignId: string;
}

/** A spectator's client and the replica it opened: `client.close()` ends both. */
export interface SharedCampaign<S = unknown> {
  readonly client: ScriptbookClient;
  readonly replica: CampaignReplica<S>;
}

/**
 * Opens a campaign with a read-only share link's token, as a screen at the
 * table does: no sign-in, nothing kept on the device (the token and the
 * copy are in memory only). The replica reads and follows the campaign
 * live; `act` is refused at once (`FORBIDDEN`, `share-link-scope`), as is
 * every call that needs a player. A revoked link signs the client out
 * (`onSignedOut`, `access-refused`) and the replica stops.
 */
export async function openSharedCampaign<S = unknown>(options: SharedCampaignOptions): Promise<SharedCampaign<S>> {
  const clock = options.clock ?? systemClock;
  const client = await wire(options, await shareLinkKeystore(options.token, clock.now()), memoryStore(), options.campaignId);
  try {
    return { client, replica: await client.campaign<S>(options.campaignId) };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function wire(options: ScriptbookClientOptions, keystore: Keystore, givenStore: DurableStore | undefined, sharedCampaignId: string | undefined): Promise<ScriptbookClient> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const randomBytes = options.randomBytes ?? platformRandomBytes();
  const locks = options.locks ?? defaultLocks();
  const fetch = options.fetch ?? ((globalThis as { fetch?: FetchLike }).fetch?.bind(globalThis) as FetchLike | undefined);
  if (!fetch) throw new Error('No fetch on this platform: pass one to the client');
  const session = new SessionManager({
    http: { endpoint: options.endpoint, fetch, timeoutMs: options.requestTimeoutMs ?? 30_000, clock },
    keystore,
    locks,
    clock,
    randomBytes,
    lockName: `scriptbook:${options.endpoint}:refresh`,
  });
  await session.restore();
  const store = givenStore ?? (await defaultStore(options.endpoint));
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const webSocket = options.webSocket === undefined ? platformWebSocket() : options.webSocket;
  const live = webSocket ? new LiveUpdates({ url: options.liveEndpoint ?? liveUrlOf(options.endpoint), webSocket, session, clock, random, backoff }) : null;
  const signed = <R, V>(operation: Operation<R, V>, variables: V) => session.signed(operation, variables);
  return new ScriptbookClient({
    options,
    clock,
    random,
    randomBytes,
    store,
    locks,
    backoff,
    session,
    api: graphqlCampaignApi(signed),
    groups: graphqlGroupsApi(signed),
    lifecycle: graphqlLifecycleApi(signed),
    scoring: graphqlScoringApi(signed),
    fetch,
    live,
    ...(sharedCampaignId !== undefined ? { sharedCampaignId } : {}),
  });
}
