import fc from 'fast-check';
import { twomGame } from '@scriptbook/games';
import type { JsonObject } from '../json';
import type { MemoryDisk } from '../store/memory-store';
import type { CampaignReplica } from './campaign-replica';
import type { QueuedAction, Verdict } from './replica-types';
import { FakeNetwork, NetworkFaults } from '../testing/fake-network';
import { InProcessServer, ServerCampaign } from '../testing/in-process-server';
import { TabLocks } from '../testing/tab-locks';
import { openTab, seededRandom, Tab } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';
import { memoryKeystore } from '../session/keystore';
import { MemoryDisk as Disk } from '../store/memory-store';

/**
 * Devices sync one campaign through a network that loses requests and
 * answers, delivers some twice and reorders the rest, while they go
 * offline for random spans and crash (a tab's process dies mid-work; the
 * device reopens its outbox and rebuilds the replica from it), and another
 * member renames, archives and unarchives the campaign. Device 0 is a
 * browser with two tabs sharing one outbox. Afterwards every device holds
 * the server's state, name and archive, and the server handled each action
 * a device saved exactly once, under the seq the device gave it; an act
 * refused at once was refused for its args or because the device knew the
 * campaign archived.
 */
const games = [twomGame];
const DEVICES = 3;

type Step =
  | { readonly kind: 'act'; readonly device: number; readonly tab: number; readonly name: string; readonly args: JsonObject }
  | { readonly kind: 'offline'; readonly device: number; readonly ms: number }
  | { readonly kind: 'crash'; readonly device: number; readonly tab: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'lifecycle'; readonly change: 'rename' | 'archive' | 'unarchive'; readonly name: string };

const resource = fc.constantFrom('Water', 'Wood');
const action = fc.oneof(
  fc.record({ name: fc.constant('add-resource'), args: fc.record({ resource, amount: fc.integer({ min: 1, max: 4 }) }) }),
  fc.record({ name: fc.constant('spend-resource'), args: fc.record({ resource, amount: fc.integer({ min: 1, max: 4 }) }) }),
  fc.record({ name: fc.constant('advance-day'), args: fc.constant({}) }),
  fc.record({ name: fc.constant('add-note'), args: fc.record({ text: fc.constantFrom('north', 'south', 'east') }) }),
  fc.record({ name: fc.constantFrom('add-character', 'remove-character'), args: fc.record({ character: fc.constantFrom('Emira', 'Zlata') }) }),
  fc.record({
    name: fc.constant('adjust-level'),
    args: fc.record({ character: fc.constantFrom('Emira', 'Zlata'), level: fc.constantFrom('hunger', 'misery'), by: fc.integer({ min: -2, max: 2 }).filter((n) => n !== 0) }),
  }),
  // Refused on the device at once: never queued.
  fc.record({ name: fc.constant('add-resource'), args: fc.record({ resource, amount: fc.constant(0) }) }),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('act' as const), device: fc.nat(DEVICES - 1), tab: fc.nat(1), name: fc.constant(''), args: fc.constant({}) }).chain((s) => action.map((a) => ({ ...s, ...a }))) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), device: fc.nat(DEVICES - 1), ms: fc.integer({ min: 100, max: 20_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), device: fc.nat(DEVICES - 1), tab: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 3_000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('lifecycle' as const), change: fc.constantFrom('rename' as const, 'archive' as const, 'unarchive' as const), name: fc.constantFrom('Winter siege', 'Spring thaw') }),
  },
);

const faults: fc.Arbitrary<NetworkFaults> = fc.record({
  lost: fc.double({ min: 0, max: 0.2, noNaN: true }),
  answerLost: fc.double({ min: 0, max: 0.4, noNaN: true }),
  duplicated: fc.double({ min: 0, max: 0.3, noNaN: true }),
  maxDelayMs: fc.integer({ min: 0, max: 1_500 }),
});

interface Acted {
  readonly name: string;
  readonly args: JsonObject;
  /** Set once `act` resolved: the action is in the outbox. */
  saved: QueuedAction | null;
  /** The tab died before `act` resolved: the action may or may not be in the outbox. */
  inFlightAtCrash: boolean;
  /** Its tab stayed alive to the end, so its verdict must arrive. */
  tabSurvived: boolean;
  refused: boolean;
  /** The rule `act` refused it with, when it did. */
  refusedRule: string | null;
}

interface Device {
  readonly index: number;
  readonly disk: MemoryDisk;
  readonly keystore: ReturnType<typeof memoryKeystore>;
  readonly locks: TabLocks;
  readonly tabs: (RunningTab | null)[];
  readonly acted: Acted[];
  offlineUntil: number;
}

interface RunningTab {
  readonly name: string;
  readonly tab: Tab;
  readonly replica: CampaignReplica;
  readonly acted: Acted[];
}

async function convergenceRun(seed: number, failures: NetworkFaults, steps: readonly Step[]): Promise<void> {
  const clock = new VirtualClock();
  const random = seededRandom(seed);
  const server = new InProcessServer({ games, clock, accessTokenMs: 60_000 });
  const network = new FakeNetwork(server, clock, random, { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 0 });
  // The service reads a pull's clients after its changes: let other requests run in between.
  server.betweenPullReads = () => new Promise((resolve) => clock.setTimeout(resolve, Math.floor(random() * failures.maxDelayMs)));
  const campaign = server.createCampaign('twom');
  let tabCount = 0;

  const devices: Device[] = Array.from({ length: DEVICES }, (_, index) => ({
    index,
    disk: new Disk(),
    keystore: memoryKeystore(),
    locks: new TabLocks(),
    tabs: index === 0 ? [null, null] : [null],
    acted: [],
    offlineUntil: 0,
  }));

  const start = async (device: Device, slot: number): Promise<RunningTab> => {
    const name = `tab-${(tabCount += 1)}`;
    const tab = await clock.drive(openTab({ games, clock, network, random, disk: device.disk, keystore: device.keystore, locks: device.locks.forTab(name) }));
    tab.link.online = clock.now() >= device.offlineUntil;
    if (!tab.client.session) await clock.drive(tab.client.signInWithDevice());
    const replica = await clock.drive(tab.client.campaign(campaign.id));
    const running: RunningTab = { name, tab, replica, acted: [] };
    device.tabs[slot] = running;
    return running;
  };

  const crash = (device: Device, slot: number) => {
    const running = device.tabs[slot];
    if (!running) return;
    running.tab.link.alive = false;
    running.tab.store.kill();
    device.locks.kill(running.name);
    for (const acted of running.acted) {
      acted.tabSurvived = false;
      if (!acted.saved && !acted.refused) acted.inFlightAtCrash = true;
    }
    device.tabs[slot] = null;
  };

  // Every device reads the campaign once while the network is kind; then the faults begin.
  for (const device of devices) for (let slot = 0; slot < device.tabs.length; slot += 1) await start(device, slot);
  network.faults = failures;

  for (const s of steps) {
    if (s.kind === 'wait') await clock.advance(s.ms);
    if (s.kind === 'lifecycle') {
      // Another member's lifecycle operation, as the server records it; a rename of an archived campaign is refused there.
      const onServer = server.campaigns.get(campaign.id)!;
      if (s.change === 'rename' && !onServer.archivedAt) server.rename(campaign.id, s.name);
      if (s.change !== 'rename') server.archive(campaign.id, s.change === 'archive');
    }
    if (s.kind === 'offline') {
      const device = devices[s.device];
      device.offlineUntil = clock.now() + s.ms;
      for (const running of device.tabs) if (running) running.tab.link.online = false;
      clock.setTimeout(() => {
        if (clock.now() < device.offlineUntil) return;
        for (const running of device.tabs) if (running) running.tab.link.online = true;
      }, s.ms);
    }
    if (s.kind === 'crash') {
      const device = devices[s.device];
      const slot = s.tab % device.tabs.length;
      crash(device, slot);
      await start(device, slot);
    }
    if (s.kind === 'act') {
      const device = devices[s.device];
      const running = device.tabs[s.tab % device.tabs.length]!;
      const acted: Acted = { name: s.name, args: s.args, saved: null, inFlightAtCrash: false, tabSurvived: true, refused: false, refusedRule: null };
      device.acted.push(acted);
      running.acted.push(acted);
      running.replica.act(s.name, s.args).then(
        (saved) => void (acted.saved = saved),
        (error: { rule?: string }) => {
          acted.refused = true;
          acted.refusedRule = error.rule ?? null;
        },
      );
      await clock.settle();
    }
  }

  // The network heals, every device comes back online, and the campaign is unarchived if it was: what waited goes.
  server.archive(campaign.id, false);
  network.faults = { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 50 };
  for (const device of devices) {
    device.offlineUntil = 0;
    for (const running of device.tabs) if (running) running.tab.link.online = true;
  }
  for (const device of devices) for (const running of device.tabs) running?.replica.resume();
  const onServer = server.campaigns.get(campaign.id)!;
  const settled = () =>
    devices.every((device) =>
      device.tabs.every((running) => {
        const snapshot = running!.replica.getSnapshot();
        return snapshot.pending.length === 0 && snapshot.confirmed.version === onServer.version && !snapshot.sync.pushing && !snapshot.sync.pulling;
      }),
    );
  await clock.runUntil(settled, 30 * 60_000, 'every device converging');
  // A retry scheduled before the network healed still runs; by the longest backoff every device says it is online.
  await clock.advance(61_000);

  if (process.env.CLIENT_SYNC_TRACE) {
    const requests = devices.flatMap((d) => d.tabs).reduce((n, t) => n + (t?.tab.link.requests ?? 0), 0);
    process.stdout.write(`run ${seed}: version ${onServer.version}, handled ${[...onServer.handled.values()].flat().length}, acted ${devices.map((d) => d.acted.length).join('/')}, tabs ${tabCount}, requests ${requests}, clock ${clock.now()}\n`);
  }
  for (const device of devices) {
    for (const running of device.tabs) {
      const snapshot = running!.replica.getSnapshot();
      expect(snapshot.confirmed.state).toEqual(onServer.state);
      expect(snapshot.optimistic).toEqual(onServer.state);
      expect(snapshot.sync.connection).toBe('online');
      expect(snapshot.sync.archived).toBe(false);
      // A copy read before any rename already has the name; one that followed the log has the last rename's.
      expect(snapshot.campaign.name).toBe(onServer.name);
    }
    await expectHandledOnce(device, onServer);
  }
}

/** The server handled the device's saved actions once each, under the seq `act` gave them, and nothing the device did not save. */
async function expectHandledOnce(device: Device, onServer: ServerCampaign): Promise<void> {
  const deviceRecord = device.disk.contents.get([...device.disk.contents.keys()].find((key) => key.endsWith('/device'))!) as { clientId: string };
  const handled = onServer.handled.get(deviceRecord.clientId) ?? [];
  expect(handled.map((h) => h.seq)).toEqual(handled.map((_, i) => i + 1));
  const bySeq = new Map(handled.map((h) => [h.seq, h]));
  const saved = device.acted.filter((acted) => acted.saved);
  for (const acted of saved) {
    const onTheServer = bySeq.get(acted.saved!.seq);
    expect(onTheServer && { name: onTheServer.name, args: onTheServer.args }).toEqual({ name: acted.name, args: acted.args });
  }
  const savedSeqs = new Set(saved.map((acted) => acted.saved!.seq));
  const unaccounted = handled.filter((h) => !savedSeqs.has(h.seq));
  // Only actions whose tab died before `act` resolved may be on the server without the device knowing their seq.
  const maybe = device.acted.filter((acted) => acted.inFlightAtCrash).map((acted) => JSON.stringify([acted.name, acted.args]));
  for (const h of unaccounted) {
    const at = maybe.indexOf(JSON.stringify([h.name, h.args]));
    expect(at).toBeGreaterThanOrEqual(0);
    maybe.splice(at, 1);
  }
  expect(device.acted.filter((acted) => acted.refused).every((acted) => acted.args.amount === 0 || acted.refusedRule === 'campaign-archived')).toBe(true);
  // Every action the server rejected is in the device's rejections, whichever tab learned of it.
  const rejectionsKey = [...device.disk.contents.keys()].find((key) => key.endsWith('/rejections'));
  const kept = rejectionsKey ? (device.disk.contents.get(rejectionsKey) as { seq: number }[]).map((r) => r.seq) : [];
  expect([...kept].sort((a, b) => a - b)).toEqual(handled.filter((h) => h.outcome === 'rejected').map((h) => h.seq));
  // Verdicts of actions whose tab lived match what the server did.
  for (const acted of saved.filter((a) => a.tabSurvived)) {
    const verdict: Verdict = await Promise.race([acted.saved!.verdict, new Promise<Verdict>((resolve) => setImmediate(() => resolve({ outcome: 'unknown' })))]);
    const truth = bySeq.get(acted.saved!.seq)!;
    if (truth.outcome === 'applied') expect(verdict).toEqual({ outcome: 'applied', version: truth.version });
    else {
      expect(verdict.outcome).toBe('rejected');
      if (verdict.outcome === 'rejected' && verdict.rejection.reasonKnown) expect(verdict.rejection.reason).toBe(truth.reason);
    }
  }
}

describe('campaign replicas under a hostile network', () => {
  const seed = Number(process.env.CLIENT_SYNC_SEED ?? Date.now() % 2_147_483_647);

  it('converge on the server’s state, each saved action handled once and none lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2_147_483_646 }), faults, fc.array(step, { minLength: 5, maxLength: 80 }), (runSeed, failures, steps) =>
        convergenceRun(runSeed, failures, steps),
      ),
      {
        seed,
        numRuns: Number(process.env.CLIENT_SYNC_RUNS ?? 40),
        // fast-check prints the seed and the shrunk counterexample; CLIENT_SYNC_SEED replays it.
        reporter: (details) => {
          if (!details.failed) return;
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(`${fc.defaultReportMessage(details)}\nReplay with CLIENT_SYNC_SEED=${seed}\n\n${cause}`);
        },
      },
    );
  }, 600_000);
});
