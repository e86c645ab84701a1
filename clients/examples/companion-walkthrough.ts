import WebSocket from 'ws';
import { createScriptbookClient, memoryKeystore, memoryStore } from '@scriptbook/client/node';
import type { CampaignReplica, CampaignSnapshot, ScriptbookClient as DeviceClient, Session } from '@scriptbook/client/node';
import {
  DailyChallengeDocument,
  GamesDocument,
  LeaderboardAroundMeDocument,
  LeaderboardDocument,
  ScriptWithLinksDocument,
  SubmitZoneSurvivalResultDocument,
  SubmitZoneSurvivalResultInput,
  ZoneSurvivalSetupScreenDocument,
} from '../generated/graphql';
import { ScriptbookClient as TypedClient } from '../scriptbook-client';

/**
 * A companion app's first session, end to end, on the client SDK: two
 * devices sign in without a form, the phone's player makes a group and the
 * tablet's joins with its code, the phone starts a Zone Survival campaign
 * from the same setup the setup screen dealt, acts, and sees its action
 * confirmed; the tablet follows live, has its own action rejected by the
 * game's rules with the reason kept, and pulls the history. Sign-in,
 * groups and campaigns are the SDK's: no GraphQL is written for them.
 *
 * Three parts use typed operations of `clients/operations` instead, and
 * say why where they do: content (cacheable GETs without a session), the
 * setup screen (a rules query joined with content, shaped by the screen),
 * and the boards (scoring, which the SDK does not cover). The boards are
 * signed with the SDK's own session (`accessToken()`), so the app keeps
 * one session with one refresher. docs/companion-app.md walks through the
 * same steps; test/platform/first-five-minutes.e2e-spec.ts runs this
 * against a started platform.
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only clients/examples/companion-walkthrough.ts [endpoint]
 */

export interface WalkthroughOptions {
  /** A finished game to submit; the result is only read back when given (the walk invents no game). */
  readonly playedGame?: SubmitZoneSurvivalResultInput;
  readonly log?: (line: string) => void;
  /** Stop waiting for the other device after this long (10 s unless given). */
  readonly withinMs?: number;
}

/** What the walk reads of a Zone Survival campaign's state (the SDK does not check the app's idea of it). */
interface ZoneSurvivalState {
  readonly scenarioId: string | null;
  readonly stalkerCount?: number;
  readonly setupCards: readonly (string | null)[];
  readonly notes: readonly { readonly text: string }[];
}

const SCENARIO_ID = 'stalker-zs:scenario:elimination';
const STALKER_COUNT = 2;
const SEED = 'walkthrough';
/**
 * Polling is a fallback for a device that cannot follow live; an hour here,
 * so that what the tablet shows of the phone's action can only have come
 * over the live connection.
 */
const TABLET_POLL_MS = 3_600_000;

/** A device of the table. An app on Node 20 passes `ws`'s WebSocket (browsers and Node 22 have one); a real app keeps its session in the platform keystore and its outbox in IndexedDB or `fileStore`. */
function device(endpoint: string, pollIntervalMs?: number): Promise<DeviceClient> {
  return createScriptbookClient({ endpoint, keystore: memoryKeystore(), store: memoryStore(), webSocket: WebSocket, ...(pollIntervalMs ? { pollIntervalMs } : {}) });
}

/** Resolves once the replica's snapshot passes `ready`: the SDK calls back on every change. */
function until<S>(replica: CampaignReplica<S>, ready: (snapshot: CampaignSnapshot<S>) => boolean, what: string, withinMs: number): Promise<CampaignSnapshot<S>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (stop(), reject(new Error(`waited ${withinMs} ms for ${what}`))), withinMs);
    const check = () => {
      const snapshot = replica.getSnapshot();
      if (!ready(snapshot)) return;
      clearTimeout(timer);
      stop();
      resolve(snapshot);
    };
    const stop = replica.subscribe(check);
    check();
  });
}

/** What the tablet's screen went through, snapshot by snapshot: how the app sees a live announcement arrive and the pull it starts. */
interface SeenOnTablet {
  readonly version: number;
  readonly serverVersion: number | null;
  readonly behind: boolean;
  readonly live: CampaignSnapshot['sync']['live'];
}

export async function walkThrough(endpoint: string, { playedGame, log = () => undefined, withinMs = 10_000 }: WalkthroughOptions = {}) {
  // Content needs no session and changes only with a release: typed queries sent as cacheable GETs with their ETag,
  // asking for exactly what a screen shows. The SDK keeps sessions and campaigns and leaves content to the app's queries.
  const reader = new TypedClient({ endpoint });
  const { games, contentVersion } = await reader.content(GamesDocument);
  log(`${games?.length ?? 0} games, content release ${contentVersion?.hash}`);
  const { script } = await reader.content(ScriptWithLinksDocument, { gameId: 'stalker-zs', number: 42 });
  log(`script ${script?.number} links to ${script?.links.map((link) => link.target?.id).join(', ')}`);

  // A setup screen: the rules engine deals the setup and the same answer carries the Scenario's printed text, in one
  // round trip shaped by the screen, so it is a typed query too. The SDK runs the same procedure when it creates the
  // campaign below (`zoneSurvivalSetup`), with the same seed: the screen shows what the campaign starts from.
  const { zoneSurvivalSetup } = await reader.request(ZoneSurvivalSetupScreenDocument, {
    input: { scenarioId: SCENARIO_ID, stalkerCount: STALKER_COUNT, seed: SEED },
  });
  log(`setup of ${zoneSurvivalSetup?.result.scenario.name}: ${zoneSurvivalSetup?.transcript.length} steps`);

  const phone = await device(endpoint);
  const tablet = await device(endpoint, TABLET_POLL_MS);
  try {
    // Two devices at one table, each signed in without a form; the SDK makes and keeps each device's id.
    const sessionEvents: string[] = [];
    phone.onSession((event) => sessionEvents.push(event.kind));
    const ana = await phone.signInWithDevice({ displayName: 'Ana', deviceName: 'Phone' });
    const ben = await tablet.signInWithDevice({ displayName: 'Ben', deviceName: 'Tablet' });
    // The SDK refreshes before expiry by itself; refreshing now shows what a refresh keeps and what it rotates.
    const refreshed: Session = await phone.refreshSession();
    log(`signed in ${ana.player.displayName} and ${ben.player.displayName}; refreshed: ${refreshed.refreshToken !== ana.refreshToken}`);

    // The phone's player makes a group and the tablet's joins with the code read out at the table.
    const group = await phone.createGroup('Thursday box');
    const { code } = await phone.inviteToGroup(group.id);
    const joinGroup = await tablet.joinGroup(code);

    // A campaign of the group, set up by the SDK from the setup screen's input and seed.
    const onPhone = await phone.createCampaign<ZoneSurvivalState>({
      gameId: 'stalker-zs',
      name: 'Zone evenings',
      groupId: group.id,
      seed: SEED,
      zoneSurvivalSetup: { scenarioId: SCENARIO_ID, stalkerCount: STALKER_COUNT },
    });
    const created = onPhone.getSnapshot().confirmed;
    const listed = await tablet.groupCampaigns(group.id);
    const onTablet = await tablet.campaign<ZoneSurvivalState>(listed.items[0].id);
    const seenOnTablet: SeenOnTablet[] = [];
    const stopWatching = onTablet.subscribe(() => {
      const { confirmed, sync } = onTablet.getSnapshot();
      seenOnTablet.push({ version: confirmed.version, serverVersion: sync.serverVersion, behind: sync.behind, live: sync.live });
    });
    // The first live event says where the campaign stands; act once the tablet follows.
    const following = await until(onTablet, (snapshot) => snapshot.sync.live === 'following' && snapshot.sync.serverVersion !== null, 'the tablet to follow the campaign live', withinMs);

    // The phone acts: shown at once, saved in the outbox, then confirmed by the server.
    const note = await onPhone.act('add-note', { text: 'First evening' });
    const shownAtOnce = onPhone.getSnapshot().optimistic.notes.map((kept) => kept.text);
    const noteVerdict = await note.verdict;
    const onPhoneAfter = await until(onPhone, (snapshot) => snapshot.pending.length === 0 && snapshot.confirmed.version >= created.version + 1, 'the phone’s action confirmed', withinMs);
    const heardOnTablet = await until(onTablet, (snapshot) => snapshot.confirmed.version >= created.version + 1, 'the tablet to hear of the phone’s action', withinMs);
    stopWatching();

    // The tablet acts before anyone started the Scenario: the game's rules refuse it on the device (`conflict`) and
    // on the server, which rejects it with the reason the tablet keeps until the app dismisses it.
    const early = await onTablet.act('advance-round', {});
    const conflictShown = onTablet.getSnapshot().pending.find((pending) => pending.id === early.id)?.conflict ?? null;
    const earlyVerdict = await early.verdict;
    const onTabletAfter = await until(onTablet, (snapshot) => snapshot.pending.length === 0, 'the tablet’s queue drained', withinMs);

    // A pull on demand (a pull-to-refresh), then the history the tablet reads of the campaign.
    await onTablet.syncNow();
    const history = await onTablet.history({ first: 10 });
    log(`note confirmed at version ${noteVerdict.outcome === 'applied' ? noteVerdict.version : '-'}; the tablet heard it live and had advance-round ${earlyVerdict.outcome}`);

    // A finished game goes to the boards; the server scores it. Scoring is typed operations of the app's own, signed
    // with the SDK's session: the typed client asks the SDK for a current token and never refreshes it itself.
    const boards = new TypedClient({ endpoint, accessToken: () => phone.accessToken() });
    const submitted = playedGame ? (await boards.request(SubmitZoneSurvivalResultDocument, { input: playedGame })).submitZoneSurvivalResult.result : undefined;
    const board = { scenarioId: playedGame?.scenarioId };
    const { leaderboard } = await boards.request(LeaderboardDocument, { board, period: 'ALL_TIME', verifiedOnly: false, first: 10 });
    const { leaderboardAroundMe } = await boards.request(LeaderboardAroundMeDocument, { board, period: 'ALL_TIME', verifiedOnly: false, radius: 2 });
    const { dailyChallenge } = await reader.request(DailyChallengeDocument, { first: 5 });
    log(`board: ${leaderboard?.totalCount} entries, my rank ${leaderboardAroundMe?.myRank ?? 'none'}; today's challenge ${dailyChallenge?.scenarioId}`);

    await phone.signOut();
    return {
      games,
      script,
      zoneSurvivalSetup,
      ana,
      ben,
      refreshed,
      sessionEvents,
      signedOut: phone.session === null,
      group,
      joinGroup,
      campaign: { id: onPhone.id, created },
      note: { seq: note.seq, shownAtOnce, verdict: noteVerdict, phone: onPhoneAfter },
      tablet: { following, seen: seenOnTablet, heard: heardOnTablet, early: { seq: early.seq, conflictShown, verdict: earlyVerdict }, after: onTabletAfter, history },
      submitted,
      leaderboard,
      leaderboardAroundMe,
      dailyChallenge,
    };
  } finally {
    await phone.close();
    await tablet.close();
  }
}

if (require.main === module) {
  walkThrough(process.argv[2] ?? 'http://localhost:4000/graphql', { log: (line) => process.stdout.write(`${line}\n`) }).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
