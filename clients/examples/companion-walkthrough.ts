import WebSocket from 'ws';
import {
  CampaignChangesDocument,
  CreateCampaignDocument,
  CreateGroupDocument,
  DailyChallengeDocument,
  GamesDocument,
  InviteToGroupDocument,
  JoinGroupDocument,
  LeaderboardAroundMeDocument,
  LeaderboardDocument,
  PushCampaignActionsDocument,
  ScriptWithLinksDocument,
  SubmitZoneSurvivalResultDocument,
  SubmitZoneSurvivalResultInput,
  ZoneSurvivalSetupScreenDocument,
} from '../generated/graphql';
import { CampaignChangedEvent, followCampaign } from '../live-updates';
import { ScriptbookClient } from '../scriptbook-client';

/**
 * A companion app's first session, end to end, with the typed client: browse
 * content, deal a Zone Survival setup, sign two devices in, share a group,
 * sync a campaign between them (one pushes, the other hears of it live and
 * pulls), and read the boards. docs/companion-app.md walks through the same
 * steps; the end-to-end tests run this file against a started platform.
 *
 *   npx ts-node --transpile-only clients/examples/companion-walkthrough.ts [endpoint]
 */

/** A device id as the sign-in guide asks: 32 random bytes, base64url, made once at install. */
export function newDeviceId(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export interface WalkthroughOptions {
  /** A finished game to submit; the result is only read back when given (the walk invents no game). */
  readonly playedGame?: SubmitZoneSurvivalResultInput;
  readonly log?: (line: string) => void;
}

export async function walkThrough(endpoint: string, { playedGame, log = () => undefined }: WalkthroughOptions = {}) {
  // Content: cacheable GETs, no sign-in needed.
  const reader = new ScriptbookClient({ endpoint });
  const { games, contentVersion } = await reader.content(GamesDocument);
  log(`${games?.length ?? 0} games, content release ${contentVersion?.hash}`);
  const { script } = await reader.content(ScriptWithLinksDocument, { gameId: 'stalker-zs', number: 42 });
  log(`script ${script?.number} links to ${script?.links.map((link) => link.target?.id).join(', ')}`);

  // A Zone Survival setup screen in one round trip; the same seed deals the same setup on every device.
  const { zoneSurvivalSetup } = await reader.request(ZoneSurvivalSetupScreenDocument, {
    input: { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 2, seed: 'walkthrough' },
  });
  log(`setup of ${zoneSurvivalSetup?.result.scenario.name}: ${zoneSurvivalSetup?.transcript.length} steps`);

  // Two devices at one table, each signed in without a form.
  const phone = new ScriptbookClient({ endpoint });
  const tablet = new ScriptbookClient({ endpoint });
  const ana = await phone.signInWithDevice({ deviceId: newDeviceId(), displayName: 'Ana', deviceName: 'Phone' });
  const ben = await tablet.signInWithDevice({ deviceId: newDeviceId(), displayName: 'Ben', deviceName: 'Tablet' });
  const refreshed = await phone.refreshSession();
  log(`signed in ${ana.player.displayName} and ${ben.player.displayName}; refreshed: ${refreshed.refreshToken !== ana.refreshToken}`);

  // The phone's player makes a group and the tablet's joins with the code.
  const { createGroup: group } = await phone.request(CreateGroupDocument, { name: 'Thursday box' });
  const { groupInvite } = await phone.request(InviteToGroupDocument, { groupId: group.id });
  const { joinGroup } = await tablet.request(JoinGroupDocument, { code: groupInvite.code });

  // A campaign of the group; the tablet follows it live while the phone pushes.
  const { createCampaign: campaign } = await phone.request(CreateCampaignDocument, {
    input: { gameId: 'stalker-zs', name: 'Zone evenings', groupId: group.id },
  });
  const heard: CampaignChangedEvent[] = [];
  const following = { started: deferred(), pushHeard: deferred() };
  const stopFollowing = followCampaign({
    endpoint,
    campaignId: campaign.id,
    accessToken: () => tablet.currentSession?.accessToken,
    webSocketImpl: WebSocket,
    onEvent: (event) => {
      heard.push(event);
      following.started.resolve();
      if (event.version > campaign.version) following.pushHeard.resolve();
    },
    onEnd: (errors) => {
      const ended = new Error(`the live stream ended: ${JSON.stringify(errors)}`);
      following.started.reject(ended);
      following.pushHeard.reject(ended);
    },
  });
  try {
    // The first event states where the campaign stands; push once the tablet is following.
    await following.started.promise;
    const { pushCampaignActions: pushed } = await phone.request(PushCampaignActionsDocument, {
      input: { campaignId: campaign.id, clientId: 'phone-walkthrough', actions: [{ seq: 1, name: 'add-note', args: { text: 'First evening' } }] },
    });
    await following.pushHeard.promise;
    const { campaignChanges: pulled } = await tablet.request(CampaignChangesDocument, { campaignId: campaign.id, sinceVersion: campaign.version });
    log(`pushed to version ${pushed.version}; the tablet heard ${heard.length} events and pulled ${pulled?.changes.length} change(s)`);

    // A finished game goes to the boards; the server scores it.
    const submitted = playedGame ? (await phone.request(SubmitZoneSurvivalResultDocument, { input: playedGame })).submitZoneSurvivalResult.result : undefined;
    const board = { scenarioId: playedGame?.scenarioId };
    const { leaderboard } = await phone.request(LeaderboardDocument, { board, period: 'ALL_TIME', verifiedOnly: false, first: 10 });
    const { leaderboardAroundMe } = await phone.request(LeaderboardAroundMeDocument, { board, period: 'ALL_TIME', verifiedOnly: false, radius: 2 });
    const { dailyChallenge } = await reader.request(DailyChallengeDocument, { first: 5 });
    log(`board: ${leaderboard?.totalCount} entries, my rank ${leaderboardAroundMe?.myRank ?? 'none'}; today's challenge ${dailyChallenge?.scenarioId}`);

    await phone.signOut();
    return { games, script, zoneSurvivalSetup, ana, ben, refreshed, group, joinGroup, campaign, pushed, heard, pulled, submitted, leaderboard, leaderboardAroundMe, dailyChallenge };
  } finally {
    await stopFollowing();
  }
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  // A rejection nobody awaits any more (the walk already failed or finished) is not an error of its own.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

if (require.main === module) {
  walkThrough(process.argv[2] ?? 'http://localhost:4000/graphql', { log: (line) => process.stdout.write(`${line}\n`) }).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
