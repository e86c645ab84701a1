import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_COMMAND, platformEnvironment, platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { walkThrough } from '../../clients/examples/companion-walkthrough';
import { GamesDocument, SubmitZoneSurvivalResultInput } from '../../clients/generated/graphql';
import { ScriptbookClient } from '../../clients/scriptbook-client';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { PLATFORM_PIECES, pieceLabel } from '../../scripts/platform-pieces';

/**
 * What a newcomer sees: `npm start` from the build prints one readable line
 * per piece and the addresses to open, keeps the JSON logs in files, and the
 * companion walkthrough (on the client SDK, with typed operations for
 * content and the boards) runs against what it started. A piece that
 * fails is reported with its last lines and its log file.
 */
const PORT_OFFSET = platformPortOffset(22_000);
// Each piece says it is listening at info level; npm start's own lines are what is read here.
const LOG_LEVEL = 'info';

describe('the first five minutes: npm start', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, logLevel: LOG_LEVEL, readyWithinMs: 100_000 });
    await platform.printed('Ctrl-C stops everything.');
  }, 110_000);

  afterAll(async () => {
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('prints one readable line per piece as it becomes ready, and no JSON', () => {
    const lines = platform.stdout.split('\n');
    for (const piece of PLATFORM_PIECES) {
      const path = piece.role === 'worker' ? 'health/ready' : 'graphql';
      const pattern = new RegExp(`^✓ ${pieceLabel(piece)} +http://localhost:${platform.portOf(piece.name)}/${path} +ready in \\d+\\.\\d s$`);
      expect({ piece: piece.name, lines: lines.filter((line) => pattern.test(line)).length }).toEqual({ piece: piece.name, lines: 1 });
    }
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(platform.stderr).toBe('');
  });

  it('then the addresses a newcomer needs', async () => {
    expect(platform.stdout).toContain(`Scriptbook is ready: ${platform.graphqlEndpoint}`);
    expect(platform.stdout).toMatch(new RegExp(`GraphQL endpoint +${platform.graphqlEndpoint}`));
    expect(platform.stdout).toMatch(new RegExp(`Explorer +http://localhost:${platform.portOf('gateway')}/explorer`));
    expect(platform.stdout).toMatch(new RegExp(`Leaderboard page +http://localhost:${platform.portOf('gateway')}/leaderboard/`));
    expect(platform.stdout).toMatch(/Docs +docs\/companion-app\.md/);
    expect(platform.stdout).toContain(`${join(platform.dataDir, 'logs')}/<piece>.log`);
    const explorer = await fetch(`http://127.0.0.1:${platform.portOf('gateway')}/explorer`);
    expect(explorer.status).toBe(200);
  });

  it('keeps each piece\'s JSON log lines in its own file under the data folder', () => {
    for (const piece of PLATFORM_PIECES) {
      const lines = readFileSync(join(platform.dataDir, 'logs', `${piece.name}.log`), 'utf8').trim().split('\n');
      const entries = lines.map((line) => JSON.parse(line) as { service: string; msg: string });
      expect(entries.every((entry) => entry.service === piece.name)).toBe(true);
      expect(entries.map((entry) => entry.msg)).toContain(`${piece.name} listening`);
    }
  });

  it('serves the walkthrough on the client SDK: content, setup, devices, group, a campaign acted on, followed live and pulled, a rejection, a result and the boards', async () => {
    // A game the scoring tests already know to be valid; the client's input types want plain arrays.
    const game = bossHuntVictory();
    const played: SubmitZoneSurvivalResultInput = {
      ...game,
      stalkers: [...game.stalkers],
      cardIds: [...game.cardIds],
      requests: game.requests?.map((request) => ({ ...request })),
      declaredCards: game.declaredCards?.map((card) => ({ ...card })),
    };
    const walk = await walkThrough(platform.graphqlEndpoint, { playedGame: played, withinMs: 20_000 });

    expect(walk.games?.map((game) => game.id)).toContain('stalker-zs');
    expect(walk.script?.links.length).toBeGreaterThan(0);
    expect(walk.zoneSurvivalSetup?.seed).toBe('walkthrough');
    expect(walk.zoneSurvivalSetup?.result.scenario.scenario.id).toBe('stalker-zs:scenario:elimination');
    expect(walk.zoneSurvivalSetup?.transcript.length).toBeGreaterThan(0);

    // The SDK's sessions: a refresh keeps the player and rotates the refresh token; sign-out forgets the session.
    expect(walk.refreshed.player.id).toBe(walk.ana.player.id);
    expect(walk.refreshed.refreshToken).not.toBe(walk.ana.refreshToken);
    expect(walk.sessionEvents).toEqual(['signed-in', 'refreshed']);
    expect(walk.signedOut).toBe(true);
    expect(walk.joinGroup).toMatchObject({ id: walk.group.id, myRole: 'MEMBER' });

    // The campaign the SDK set up starts from what the setup screen dealt with the same seed.
    const { created } = walk.campaign;
    expect(created.state).toMatchObject({ scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 2, notes: [] });
    expect(created.state.setupCards).toEqual(walk.zoneSurvivalSetup?.result.setupCards.map((slot) => slot.card?.id ?? null));

    // The phone's action: seq 1 of its outbox, shown at once, applied as the next version, nothing left pending or rejected.
    const next = created.version + 1;
    expect(walk.note.seq).toBe(1);
    expect(walk.note.shownAtOnce).toEqual(['First evening']);
    expect(walk.note.verdict).toEqual({ outcome: 'applied', version: next });
    expect(walk.note.phone.confirmed).toEqual({ version: next, state: { ...created.state, notes: [{ text: 'First evening' }] } });
    expect(walk.note.phone.pending).toEqual([]);
    expect(walk.note.phone.rejections).toEqual([]);

    // The tablet followed live from where the campaign stood, heard of the new version while following (behind until
    // its pull, which only the announcement could start: it polls hourly), and then held the phone's confirmed state.
    expect(walk.tablet.following.sync).toMatchObject({ live: 'following', serverVersion: created.version, behind: false });
    expect(walk.tablet.following.id).toBe(walk.campaign.id);
    expect(walk.tablet.following.confirmed.version).toBe(created.version);
    expect(walk.tablet.seen).toContainEqual({ version: created.version, serverVersion: next, behind: true, live: 'following' });
    expect(walk.tablet.heard.confirmed).toEqual(walk.note.phone.confirmed);
    expect(walk.tablet.heard.sync).toMatchObject({ live: 'following', serverVersion: next, behind: false });

    // Its own action the rules refuse: flagged on the device, rejected by the server with the reason kept, nothing applied.
    const rejection = expect.objectContaining({ seq: walk.tablet.early.seq, name: 'advance-round', code: 'CONFLICT', rule: 'no-scenario', reasonKnown: true });
    expect(walk.tablet.early.conflictShown).toMatchObject({ code: 'CONFLICT', rule: 'no-scenario' });
    expect(walk.tablet.early.verdict).toEqual({ outcome: 'rejected', rejection });
    expect(walk.tablet.after.rejections).toEqual([rejection]);
    expect(walk.tablet.after.pending).toEqual([]);
    expect(walk.tablet.after.confirmed).toEqual(walk.note.phone.confirmed);

    // What the tablet pulled of the campaign's history: the phone's action once, under its device's seq, by Ana.
    expect(walk.tablet.history.changes).toEqual([
      expect.objectContaining({ version: next, name: 'add-note', args: { text: 'First evening' }, clientId: expect.any(String), seq: 1, playerId: walk.ana.player.id }),
    ]);

    expect(walk.submitted).toMatchObject({ victory: true, verified: false });
    expect(typeof walk.submitted?.score).toBe('number');
    const mine = walk.leaderboard?.edges.find((edge) => edge.node.result?.id === walk.submitted?.id);
    expect(mine?.node).toMatchObject({ score: walk.submitted?.score, player: { id: walk.ana.player.id } });
    expect(walk.leaderboardAroundMe?.myRank).toBe(mine?.node.rank);
    expect(walk.dailyChallenge?.scenarioId).toMatch(/^stalker-zs:scenario:/);
  }, 90_000);

  it('the typed client revalidates content with its ETag and gets 304 for an unchanged answer', async () => {
    const statuses: number[] = [];
    const client = new ScriptbookClient({
      endpoint: platform.graphqlEndpoint,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });
    // The first answer teaches the gateway replica that the operation is content-only.
    const answers = [await client.content(GamesDocument), await client.content(GamesDocument), await client.content(GamesDocument)];
    expect(statuses.at(-1)).toBe(304);
    expect(answers[2]).toEqual(answers[0]);
    // A 304 has no body: the limits are those of the last full answer.
    expect(client.lastLimits?.costLimit).toBeGreaterThan(0);
    expect(client.lastLimits?.cost).toBeGreaterThan(0);
  });
});

describe('npm start when something is wrong', () => {
  const isolation = new TestIsolation();
  const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-first-minutes-fail-'));
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  const start = (env: NodeJS.ProcessEnv) =>
    spawnSync(PLATFORM_COMMAND.file, PLATFORM_COMMAND.args, {
      cwd: PLATFORM_COMMAND.cwd,
      env: platformEnvironment({ isolation, portOffset: PORT_OFFSET, dataDir, logLevel: LOG_LEVEL, env }),
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('refuses a LOG_OUTPUT it does not know before starting anything', () => {
    const result = start({ LOG_OUTPUT: 'loud' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^npm start: invalid configuration\n {2}- LOG_OUTPUT: .*'files' \| 'terminal' \| 'raw'/);
    expect(result.stdout).not.toContain('✓');
  });

  it('names the piece that failed, shows its last lines and the path of its log', () => {
    const result = start({ JWT_TTL: 'forever' });
    expect(result.status).toBe(1);
    const failed = /^✗ (\S+) subgraph exited with code 1$/m.exec(result.stderr);
    expect(failed).not.toBeNull();
    const piece = failed![1];
    expect(result.stderr).toContain(`    ${piece}: invalid configuration`);
    expect(result.stderr).toContain('      - JWT_TTL: a duration such as 15m, 12h or 7d');
    const logFile = join(dataDir, 'logs', `${piece}.log`);
    expect(result.stderr).toContain(`  full log: ${logFile}`);
    expect(readFileSync(logFile, 'utf8')).toContain(`${piece}: invalid configuration`);
  });

  it('with LOG_OUTPUT=terminal shows each piece\'s own lines on the terminal, named by piece', () => {
    const result = start({ JWT_TTL: 'forever', LOG_OUTPUT: 'terminal' });
    expect(result.status).toBe(1);
    // Every subgraph refuses the setting; which one stops the platform first depends on timing.
    expect(result.stdout).toMatch(/^([a-z]+) +│ \1: invalid configuration$/m);
    expect(result.stdout).toMatch(/^([a-z]+) +│ {3}- JWT_TTL: a duration such as 15m, 12h or 7d$/m);
    expect(result.stderr).not.toContain('full log:');
  });
});
