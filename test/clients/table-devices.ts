import type { CampaignReplica, ScriptbookClient, Verdict } from '@scriptbook/client/node';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import type { DeviceNetwork } from './device-network';

/** One action a device acted, with the verdict its client promised. */
export interface Acted {
  readonly device: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly verdict: Promise<Verdict>;
}

export interface LoggedChange {
  readonly version: number;
  readonly name: string;
  readonly args: unknown;
}

/** A campaign's whole change log as the server holds it, page by page, read with GraphQL of the test's own. */
export async function readCampaignLog(url: string, campaignId: string, token: () => Promise<string>): Promise<LoggedChange[]> {
  const log: LoggedChange[] = [];
  for (let after: string | null = null, more = true; more; ) {
    const variables: Record<string, unknown> = after ? { id: campaignId, after } : { id: campaignId, since: 0 };
    const page = await graphql(
      url,
      `query($id: ID!, $since: Int, $after: String) { campaignChanges(campaignId: $id, sinceVersion: $since, after: $after, first: 100) { changes { version name args } endCursor hasMore } }`,
      variables,
      await token(),
    );
    if (!page.data?.campaignChanges) throw new Error(`the change log could not be read: ${JSON.stringify(page.errors)}`);
    const changes = page.data.campaignChanges as { changes: LoggedChange[]; endCursor: string; hasMore: boolean };
    log.push(...changes.changes);
    after = changes.endCursor;
    more = changes.hasMore;
  }
  return log;
}

/**
 * The log holds versions 1 to `version` with no gap, and every action acted
 * has a verdict: applied at a version of its own whose change is that
 * action, or rejected by the game's rules (spending what is not there).
 * Returns how many were applied.
 */
export async function expectEveryActionOnce(acted: readonly Acted[], log: readonly LoggedChange[], version: number): Promise<number> {
  expect(log.map((change) => change.version)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
  const verdicts = await Promise.all(acted.map((action) => action.verdict));
  const appliedAt = new Map<number, Acted>();
  verdicts.forEach((verdict, i) => {
    const action = acted[i];
    if (verdict.outcome === 'applied') {
      // Each device learns the version its action made from the change it pulls.
      const at = verdict.version ?? Number.NaN;
      expect(appliedAt.has(at)).toBe(false);
      appliedAt.set(at, action);
    } else {
      expect(verdict.outcome).toBe('rejected');
      if (verdict.outcome === 'rejected') expect({ name: action.name, code: verdict.rejection.code }).toEqual({ name: 'spend-resource', code: 'CONFLICT' });
    }
  });
  expect([...appliedAt.keys()].sort((a, b) => a - b)).toEqual(log.map((change) => change.version));
  for (const change of log) expect({ name: change.name, args: change.args }).toEqual({ name: appliedAt.get(change.version)!.name, args: appliedAt.get(change.version)!.args });
  return appliedAt.size;
}

/** The part of a This War of Mine campaign's state the devices' actions touch. */
export interface TwomState {
  readonly storage: Readonly<Record<string, number>>;
}

/** A device at the table: its SDK client, its network, and the campaign it plays. */
export interface TableDevice {
  readonly name: string;
  readonly client: ScriptbookClient;
  readonly network: DeviceNetwork;
  replica?: CampaignReplica<TwomState>;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every device has nothing pending, is not behind, and holds the
 * version the server holds; the server is asked only once the devices agree
 * among themselves. `context` adds what a failure should say.
 */
export async function untilDevicesConverge(devices: readonly TableDevice[], serverVersion: () => Promise<number>, context: () => string = () => ''): Promise<void> {
  const settled = (version: number) =>
    devices.every(({ replica }) => {
      const snapshot = replica!.getSnapshot();
      return snapshot.pending.length === 0 && snapshot.confirmed.version === version && !snapshot.sync.behind;
    });
  for (let tries = 0; !(settled(devices[0].replica!.getSnapshot().confirmed.version) && settled(await serverVersion())); tries += 1) {
    if (tries > 480) throw new Error(`no convergence: ${JSON.stringify(devices.map(({ name, replica }) => ({ name, ...replica!.getSnapshot().sync, pending: replica!.getSnapshot().pending.length })))}${context()}`);
    await pause(250);
  }
}
