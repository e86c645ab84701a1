import { ActionRejection } from '../action-rejection';
import { applyAction } from '../campaign-action';
import { actionOf, CampaignModel } from '../campaign-model';
import { applyChanges, StateChange } from '../changes';
import { OpenedEnvelope, openingChanges } from '../legacy-unlocks';
import { revertBlockers } from '../revert-plan';
import { LoggedChange, planUndo } from '../undo';
import { canonicalJson, stateHash } from './canonical-json';
import { CampaignFileRefusal } from './campaign-file-refusal';
import { CampaignFile, CampaignFileAction, CHECKPOINT_EVERY, checkpointVersions } from './campaign-file.schema';
import { nextLogHash, setupLogHash } from './file-log-hash';

/** An entry as replayed, with the undo that later took it back. */
export interface ReplayedChange extends CampaignFileAction {
  readonly undoneByVersion: number | null;
}

export interface ReplayedCampaign {
  /** The state after the last entry. */
  readonly state: unknown;
  readonly changes: readonly ReplayedChange[];
  /** Each device's highest seq in the file. */
  readonly clients: ReadonlyMap<string, number>;
}

type Logged = { -readonly [K in keyof LoggedChange]: LoggedChange[K] };

/**
 * The name the campaigns service logs a revert under (`revertCampaignTo`):
 * one change, from no device, taking the state back to its state at
 * `args.toVersion`; the changes after that version show it as their undo,
 * and those undone after it stand again.
 */
export const REVERT_ENTRY = 'revert';

/** A checkpoint's two hashes, as the replay computed them. */
interface ReplayedHashes {
  readonly stateHash: string;
  readonly logHash: string;
}

/** What the replay of a whole file found: the last state, each device's highest seq, and which undo or revert took back each entry. */
export interface ReplayOutcome {
  readonly state: unknown;
  readonly clients: ReadonlyMap<string, number>;
  /** The version that took back the entry of each version (index 0 is version 1), null where it stands. */
  readonly undoneBy: readonly (number | null)[];
}

/** What a file says of itself besides its setup and entries, checked against what the replay found once every entry is read. */
export interface CampaignFileClosing {
  readonly version: number;
  readonly checkpoints: CampaignFile['checkpoints'];
  readonly players: CampaignFile['players'];
}

/**
 * Replays a campaign file through the game's own model one entry at a
 * time, as the server ran it: each catalog action through `applyAction`,
 * each undo through `planUndo`, each legacy opening through
 * `openingChanges`, each record the platform keeps beside the state (a
 * rename, an archive: no device, no change) as changing nothing, and every
 * entry's recorded changes compared with what it does. Entries can be fed
 * as a file is read, before its checkpoints and players (which a file
 * writes after them): the replay keeps its own hashes at the versions a
 * checkpoint may be due (0, every 100th, the last), and `finish` compares
 * them and the rest in the order a whole file is checked, so the refusal
 * (`CampaignFileRefusal`) names the first version that disagrees however the
 * file arrived: an action the model refuses or whose changes are not the
 * recorded ones, a checkpoint whose state or log hash is not the one
 * replayed, a broken sequence. After the first disagreement nothing more is
 * replayed. Holds the state and the log's changes (an undo may take back
 * any earlier entry), never the file. Pure: the SDK runs the same check.
 */
export class CampaignFileReplay {
  private state: unknown;
  private logHash: string;
  private readonly log: Logged[] = [];
  private readonly clients = new Map<string, number>();
  private readonly acting = new Set<string>();
  private readonly hashes = new Map<number, ReplayedHashes>();
  private refusal: CampaignFileRefusal | null = null;
  private count = 0;

  constructor(
    private readonly model: CampaignModel,
    gameId: string,
    setup: CampaignFile['setup'],
  ) {
    this.logHash = setupLogHash(gameId, setup);
    const initial = model.stateSchema.safeParse(setup.initialState);
    if (!initial.success) {
      this.refusal = new CampaignFileRefusal('file.setup.initialState', 'state-schema', `The initial state is not a ${gameId} state: ${initial.error.issues[0].message}`, 0);
      return;
    }
    this.state = initial.data;
    this.keepHashes(0);
  }

  /** Whether the file has disagreed already (the refusal itself comes from `finish`). */
  get refused(): boolean {
    return this.refusal !== null;
  }

  /** Replays the next entry; false once the file has disagreed, here or before (the entry is then not to be stored). */
  entry(entry: CampaignFileAction): boolean {
    const i = this.count++;
    this.acting.add(entry.player);
    if (this.refusal) return false;
    try {
      this.replay(entry, i);
      return true;
    } catch (error) {
      if (!(error instanceof CampaignFileRefusal)) throw error;
      this.refusal = error;
      return false;
    }
  }

  /**
   * Checks what the file says of itself against the replay, in the order a
   * whole file is checked: its version, its checkpoints' versions and its
   * players first, then each checkpoint before the first entry that
   * disagreed, then that entry, then the remaining checkpoints.
   */
  finish(closing: CampaignFileClosing): ReplayOutcome {
    const last = this.count;
    if (closing.version !== last) {
      throw new CampaignFileRefusal('file.campaign.version', 'version-count', `The file says version ${closing.version} but holds ${last} entries`);
    }
    const expected = checkpointVersions(last);
    if (closing.checkpoints.length !== expected.length || expected.some((version, i) => closing.checkpoints[i].version !== version)) {
      throw new CampaignFileRefusal('file.checkpoints', 'checkpoints', `A file of ${last} versions has checkpoints at versions ${expected.join(', ')}, in order`);
    }
    checkPlayers(closing.players, this.acting);
    if (!this.refusal) this.keepHashes(last);
    const refusedAt = this.refusal ? (this.refusal.version ?? 0) : Infinity;
    closing.checkpoints.forEach((checkpoint, index) => {
      if (checkpoint.version >= refusedAt) return;
      const ours = this.hashes.get(checkpoint.version)!;
      const at = `file.checkpoints[${index}]`;
      if (checkpoint.stateHash !== ours.stateHash) {
        throw new CampaignFileRefusal(`${at}.stateHash`, 'checkpoint-mismatch', `The state replayed to version ${checkpoint.version} is not the one the file's checkpoint hashed`, checkpoint.version);
      }
      if (checkpoint.logHash !== ours.logHash) {
        throw new CampaignFileRefusal(`${at}.logHash`, 'checkpoint-mismatch', `The setup or the entries up to version ${checkpoint.version} are not the ones the file's checkpoint hashed`, checkpoint.version);
      }
    });
    if (this.refusal) throw this.refusal;
    return { state: this.state, clients: this.clients, undoneBy: this.log.map((change) => change.undoneByVersion) };
  }

  private replay(entry: CampaignFileAction, i: number): void {
    const { model, log } = this;
    const at = `file.actions[${i}]`;
    const version = i + 1;
    if (entry.version !== version) throw new CampaignFileRefusal(`${at}.version`, 'sequence', `Entry ${i} must be version ${version}`, version);
    checkDevice(entry, at, version, this.clients);
    const step = replayEntry(model, this.state, entry, log, at, version);
    if (canonicalJson(step.delta) !== canonicalJson(entry.delta)) {
      throw new CampaignFileRefusal(`${at}.delta`, 'delta-mismatch', `Version ${version}: ${entry.name} with these args makes other changes than the file records`, version);
    }
    this.state = step.state;
    this.logHash = nextLogHash(this.logHash, entry);
    if (entry.undoesVersion !== null) log[entry.undoesVersion - 1].undoneByVersion = version;
    if (entry.name === REVERT_ENTRY && entry.clientId === null) markReverted(model, log, entry.args.toVersion as number, version);
    log.push({ version, name: entry.name, delta: entry.delta as StateChange[], undoesVersion: entry.undoesVersion, undoneByVersion: null });
    if (version % CHECKPOINT_EVERY === 0) this.keepHashes(version);
  }

  private keepHashes(version: number): void {
    this.hashes.set(version, { stateHash: stateHash(this.state), logHash: this.logHash });
  }
}

/**
 * Replays a whole campaign file (`CampaignFileReplay`, fed every entry):
 * its last state, every entry as replayed with the undo that took it back,
 * and each device's highest seq; refused at the first version that
 * disagrees.
 */
export function replayCampaignFile(model: CampaignModel, file: CampaignFile): ReplayedCampaign {
  const replay = new CampaignFileReplay(model, file.campaign.gameId, file.setup);
  for (const entry of file.actions) replay.entry(entry);
  const outcome = replay.finish({ version: file.campaign.version, checkpoints: file.checkpoints, players: file.players });
  return { state: outcome.state, changes: file.actions.map((entry, i) => ({ ...entry, undoneByVersion: outcome.undoneBy[i] })), clients: outcome.clients };
}

function replayEntry(model: CampaignModel, state: unknown, entry: CampaignFileAction, log: readonly Logged[], at: string, version: number): { state: unknown; delta: StateChange[] } {
  if (entry.undoesVersion !== null) return replayUndo(model, state, entry, log, at, version);
  if (entry.name === REVERT_ENTRY && entry.clientId === null) return replayRevert(model, state, entry, log, at, version);
  if (model.legacy && entry.name === model.legacy.openAction) return replayOpening(model, state, entry, at, version);
  const action = actionOf(model, entry.name);
  // The platform's own records of what is not the game's state (a rename, an archive, a transfer) change nothing in it and come from no device.
  if (!action && entry.clientId === null && entry.delta.length === 0) return { state, delta: [] };
  if (!action) throw new CampaignFileRefusal(`${at}.name`, 'unknown-action', `Version ${version}: ${entry.name} is not an action of ${model.stateField}`, version);
  try {
    return applyAction(model.stateSchema, action, state, entry.args, { stateIsChecked: true });
  } catch (error) {
    if (!(error instanceof ActionRejection)) throw error;
    throw new CampaignFileRefusal(`${at}.args`, 'action-rejected', `Version ${version}: the game refuses ${entry.name} here (${error.rule}: ${error.reason})`, version);
  }
}

function replayUndo(model: CampaignModel, state: unknown, entry: CampaignFileAction, log: readonly Logged[], at: string, version: number) {
  const target = entry.undoesVersion!;
  if (entry.name !== 'undo' || canonicalJson(entry.args) !== canonicalJson({ actionVersion: target })) {
    throw new CampaignFileRefusal(`${at}.args`, 'undo-args', `Version ${version}: an undo is named undo and its args are { actionVersion: ${target} }`, version);
  }
  if (target >= version) throw new CampaignFileRefusal(`${at}.undoesVersion`, 'undo-target', `Version ${version} cannot undo version ${target}, which is not before it`, version);
  try {
    return planUndo(model, state, log[target - 1], log.slice(target));
  } catch (error) {
    if (!(error instanceof ActionRejection)) throw error;
    throw new CampaignFileRefusal(`${at}.undoesVersion`, 'undo-refused', `Version ${version}: undo refuses to take back version ${target} (${error.rule}: ${error.reason})`, version);
  }
}

/**
 * A revert's recorded changes are the service's difference between the
 * state and the state at `toVersion`, which it builds from its snapshots
 * (themselves taken back from a later state), so how that state is written
 * (a count of 0, or no entry) depends on which snapshots it had. The replay
 * applies the recorded changes, checks the state's schema and that no
 * change since is one the game never undoes; the state they lead to is
 * checked by the next checkpoint's hash.
 */
function replayRevert(model: CampaignModel, state: unknown, entry: CampaignFileAction, log: readonly Logged[], at: string, version: number) {
  const toVersion = entry.args.toVersion;
  if (typeof toVersion !== 'number' || !Number.isInteger(toVersion) || toVersion < 0 || toVersion >= version - 1 || Object.keys(entry.args).length !== 1) {
    throw new CampaignFileRefusal(`${at}.args`, 'revert-args', `Version ${version}: a revert's args are { toVersion } with a version before the one it follows`, version);
  }
  const [permanent] = revertBlockers(model, log.slice(toVersion).map((change) => ({ version: change.version, name: change.name ?? '' })));
  if (permanent) throw new CampaignFileRefusal(`${at}.args`, 'revert-refused', `Version ${version}: version ${permanent.change.version} after ${toVersion} is never taken back`, version);
  const after = model.stateSchema.safeParse(applyChanges(state, entry.delta as StateChange[]));
  if (!after.success) throw new CampaignFileRefusal(`${at}.delta`, 'state-rule', `Version ${version}: the revert's changes break a rule of the state: ${after.error.issues[0].message}`, version);
  return { state: after.data as unknown, delta: entry.delta as StateChange[] };
}

/** What a revert does to the history: each change since `toVersion` standing is undone by it, each undone since stands again; the platform's records are left as they are. */
function markReverted(model: CampaignModel, log: Logged[], toVersion: number, version: number): void {
  const isRecord = (change: Logged) => change.name !== 'undo' && change.name !== REVERT_ENTRY && change.name !== model.legacy?.openAction && !actionOf(model, change.name ?? '');
  for (const change of log) {
    if (isRecord(change)) continue;
    if (change.version > toVersion && change.undoneByVersion === null) change.undoneByVersion = version;
    else if (change.version <= toVersion && change.undoneByVersion !== null && change.undoneByVersion > toVersion) change.undoneByVersion = null;
  }
}

/** A legacy opening is the server's, made for the whole group: its entry is what it appended, and it must be what the model's opening appends. */
function replayOpening(model: CampaignModel, state: unknown, entry: CampaignFileAction, at: string, version: number) {
  const legacy = model.legacy!;
  const [change] = entry.delta;
  const appended = change?.op === 'set' && Array.isArray(change.to) ? (change.to[change.to.length - 1] as Partial<OpenedEnvelope> | undefined) : undefined;
  if (!appended || typeof appended.envelopeId !== 'string' || appended.envelopeId !== entry.args.envelopeId || typeof appended.openedAt !== 'string') {
    throw new CampaignFileRefusal(`${at}.delta`, 'delta-mismatch', `Version ${version}: an opening appends the envelope its args name`, version);
  }
  const delta = openingChanges(legacy, state, appended as OpenedEnvelope);
  const next = model.stateSchema.safeParse(applyChanges(state, delta));
  if (delta.length === 0 || !next.success) {
    throw new CampaignFileRefusal(`${at}.args`, 'action-rejected', `Version ${version}: the campaign already holds ${appended.envelopeId}, or its state cannot`, version);
  }
  return { state: next.data as unknown, delta };
}

function checkDevice(entry: CampaignFileAction, at: string, version: number, clients: Map<string, number>): void {
  const pushed = entry.undoesVersion === null && !(entry.clientId === null && entry.seq === null);
  if (!pushed) {
    if (entry.clientId !== null || entry.seq !== null) throw new CampaignFileRefusal(`${at}.clientId`, 'device', `Version ${version}: an undo names no device`, version);
    return;
  }
  if (entry.clientId === null || entry.seq === null) throw new CampaignFileRefusal(`${at}.seq`, 'device', `Version ${version}: a pushed action names its device and seq`, version);
  const before = clients.get(entry.clientId) ?? 0;
  if (entry.seq <= before) throw new CampaignFileRefusal(`${at}.seq`, 'sequence', `Version ${version}: seq ${entry.seq} of ${entry.clientId} does not follow its seq ${before}`, version);
  clients.set(entry.clientId, entry.seq);
}

function checkPlayers(players: CampaignFile['players'], acting: ReadonlySet<string>): void {
  const listed = new Set(players.map((p) => p.player));
  if (listed.size !== players.length || listed.size !== acting.size || [...acting].some((player) => !listed.has(player))) {
    throw new CampaignFileRefusal('file.players', 'players', 'players lists everyone who acted in the file, once each, and no one else');
  }
}
