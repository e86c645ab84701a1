import { applyChanges, StateChange } from '../changes';
import { stateHash } from './canonical-json';
import { CampaignFileAction, CampaignFileCheckpoint, CampaignFileHeader, CampaignFilePlayer, checkpointVersions, CURRENT_FORMAT_VERSION } from './campaign-file.schema';
import { nextLogHash, setupLogHash } from './file-log-hash';

/**
 * Writes a campaign file as a stream of text pieces: the opening (the
 * header and `"actions":[`), one piece per entry in version order, then the
 * closing with the checkpoints and the players who acted. It keeps only the
 * state, the running log hash and who acted, so a campaign of any length is
 * written in the memory of one state; the caller reads the log a page at a
 * time and passes each piece on.
 *
 * The state at each checkpoint is the initial state moved through the
 * recorded changes, which is what the log says; `finalStateHash` lets the
 * caller check that against the campaign's stored state.
 */
export class CampaignFileWriter {
  private state: unknown;
  private logHash: string;
  private written = 0;
  private readonly due: Set<number>;
  private readonly checkpoints: CampaignFileCheckpoint[] = [];
  private readonly players = new Set<string>();

  constructor(private readonly header: Omit<CampaignFileHeader, 'formatVersion' | 'players'>) {
    this.state = header.setup.initialState;
    this.logHash = setupLogHash(header.campaign.gameId, header.setup);
    this.due = new Set(checkpointVersions(header.campaign.version));
    this.checkpointIfDue(0);
  }

  opening(): string {
    const { format, ...rest } = this.header;
    const head = JSON.stringify({ format, formatVersion: CURRENT_FORMAT_VERSION, ...rest });
    return `${head.slice(0, -1)},"actions":[\n`;
  }

  entry(action: CampaignFileAction): string {
    if (action.version !== this.written + 1) throw new Error(`entry of version ${action.version} written after version ${this.written}`);
    if (action.version > this.header.campaign.version) throw new Error(`entry of version ${action.version} beyond the campaign's ${this.header.campaign.version}`);
    this.state = applyChanges(this.state, action.delta as StateChange[]);
    this.logHash = nextLogHash(this.logHash, action);
    this.written = action.version;
    this.players.add(action.player);
    this.checkpointIfDue(action.version);
    return `${action.version > 1 ? ',\n' : ''}${JSON.stringify(action)}`;
  }

  /** The end of the file; `pseudonymous` tells which of the players who acted are named by a pseudonym. */
  closing(pseudonymous: (player: string) => boolean): string {
    if (this.written !== this.header.campaign.version) throw new Error(`${this.written} entries written of the campaign's ${this.header.campaign.version}`);
    const players: CampaignFilePlayer[] = [...this.players].map((player) => ({ player, pseudonym: pseudonymous(player) }));
    return `\n],"checkpoints":${JSON.stringify(this.checkpoints)},"players":${JSON.stringify(players)}}\n`;
  }

  /** The hash of the state the written entries lead to. */
  finalStateHash(): string {
    return stateHash(this.state);
  }

  private checkpointIfDue(version: number): void {
    if (this.due.has(version)) this.checkpoints.push({ version, stateHash: stateHash(this.state), logHash: this.logHash });
  }
}
