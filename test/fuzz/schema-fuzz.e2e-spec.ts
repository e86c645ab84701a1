import Redis from 'ioredis';
import { appendFileSync, writeFileSync } from 'node:fs';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { documentedErrorCodes } from './answer-checks';
import { documentAttacks } from './document-cases';
import { distinctLogErrors, Findings } from './findings';
import { FuzzRandom } from './fuzz-random';
import { FuzzCase, FuzzRunner } from './fuzz-runner';
import { Family, FAMILY_SHARES, fuzzSettings, throttlesRaised } from './fuzz-settings';
import { FUZZ_SCORING_ADMIN, FuzzWorld } from './fuzz-world';
import { FOLLOW, protocolAttacks } from './live-cases';
import { OperationCases } from './operation-cases';
import { PersistenceProbe } from './persistence-probe';
import { liveApiSchema, publicSchema } from './public-schemas';
import { sessionEndCase } from './session-cases';
import { Transports } from './transports';
import { CALLER_ENDING_MUTATIONS } from './value-knowledge';

/**
 * Fuzzes the running platform from its public schemas: the checked-in
 * client schema over /graphql (POST and GET) and the live schema over
 * /graphql/ws, as anonymous callers and as signed-in players, with valid
 * and hostile requests. Every answer must arrive in time, without HTTP 500
 * or INTERNAL_SERVER_ERROR, with a documented code on every error; every
 * refused mutation must leave every table and every Redis key as it was.
 * FUZZ_SEED, FUZZ_REQUESTS and FUZZ_WALL_TIME_MS change the run (docs/architecture.md, Fuzzing).
 */
const PORT_OFFSET = platformPortOffset(24_000);
const settings = fuzzSettings();

describe(`the platform under a schema-driven fuzzer (seed ${settings.seed})`, () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const schema = publicSchema();
  const live = liveApiSchema();
  const codes = documentedErrorCodes();
  const random = FuzzRandom.fromSeed(settings.seed);
  const sentBy: Partial<Record<Family, { requests: number; ms: number; stoppedEarly: boolean }>> = {};
  let platform: RunningPlatform;
  let world: FuzzWorld;
  let transports: Transports;
  let probe: PersistenceProbe;
  let runner: FuzzRunner;

  beforeAll(async () => {
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, logOutput: 'raw', env: { ...throttlesRaised(), SCORING_ADMIN_PLAYER_IDS: FUZZ_SCORING_ADMIN } });
    world = await FuzzWorld.build(platform, random.fork('world'));
    transports = new Transports(platform.gatewayUrl, settings.deadlineMs);
    probe = PersistenceProbe.open(platform.dataDir, redis, isolation.redisPrefix);
    const log = process.env.FUZZ_LOG;
    if (log) writeFileSync(log, '');
    runner = new FuzzRunner(transports, probe, codes, new Findings(settings.seed, platform.gatewayUrl), log ? (entry) => appendFileSync(log, `${JSON.stringify(entry)}\n`) : undefined);
  }, 150_000);

  afterAll(async () => {
    await transports?.close();
    probe?.close();
    await platform?.stop();
    await isolation.cleanUp();
    await redis.quit();
    const lines = Object.entries(sentBy).map(([family, s]) => {
      const outcomes = [...(runner.outcomes.get(family) ?? [])].sort(([, a], [, b]) => b - a).map(([outcome, n]) => `${outcome} ${n}`);
      return `${family}: ${s!.requests} requests in ${(s!.ms / 1000).toFixed(1)} s${s!.stoppedEarly ? ' (stopped at its time budget)' : ''}; ${outcomes.join(', ')}`;
    });
    process.stdout.write(`\nfuzz run, seed ${settings.seed}: ${runner?.sent ?? 0} requests checked\n  ${lines.join('\n  ')}\n`);
  });

  /**
   * Runs one family's steps (at least `atLeast` of them) within its share
   * of the request count and of the wall time, then shrinks and reports
   * its findings: every distinct failure with its smallest request, or ''.
   */
  async function fuzz(family: Family, step: (i: number) => Promise<unknown>, atLeast = 0): Promise<string> {
    const requests = Math.round(settings.requests * FAMILY_SHARES[family]);
    const deadline = Date.now() + settings.wallTimeMs * FAMILY_SHARES[family];
    const started = Date.now();
    const sentBefore = runner.sent;
    let stoppedEarly = false;
    for (let i = 0; i < atLeast || runner.sent - sentBefore < requests; i++) {
      if (i >= atLeast && Date.now() > deadline) {
        stoppedEarly = true;
        break;
      }
      await step(i);
    }
    await runner.shrink(family);
    sentBy[family] = { requests: runner.sent - sentBefore, ms: Date.now() - started, stoppedEarly };
    return runner.findings.report(family);
  }

  /** Fails with the findings as they are, rather than as a diff of two strings. */
  function noFindings(report: string): void {
    if (report) throw new Error(report);
  }

  const familyTimeout = (family: Family) => settings.wallTimeMs * FAMILY_SHARES[family] + 60_000;

  it(
    'answers generated queries and mutations over POST and GET as the API promises, and refused mutations store nothing',
    async () => {
      const cases = new OperationCases(schema, world, random.fork('operations'), 'operations');
      const draws = random.fork('operation-draws');
      const report = await fuzz('operations', async () => {
        const mutation = draws.chance(0.5);
        const drawn = await cases.draw([mutation ? 'mutation' : 'query'], 0.75);
        const transport = draws.chance(mutation ? 0.04 : 0.2) ? 'get' : 'post';
        await runner.run(cases.build(drawn, transport));
      });
      // A probe that never saw an accepted mutation's write would make every refusal check above vacuous.
      expect(runner.acceptedMutationsThatStored).toBeGreaterThan(0);
      noFindings(report);
    },
    familyTimeout('operations'),
  );

  it(
    'refuses malformed documents and requests cleanly: limits, parsing, validation, operation choice, HTTP',
    async () => {
      const draws = random.fork('documents');
      const attacks = documentAttacks(schema, world, draws, FOLLOW);
      const report = await fuzz(
        'documents',
        async (i) => {
          const attack = i < attacks.length ? attacks[i] : draws.pick(attacks);
          await runner.run(attack(draws.pick(world.actors)));
        },
        attacks.length,
      );
      noFindings(report);
    },
    familyTimeout('documents'),
  );

  it(
    'answers over /graphql/ws: the live schema fuzzed, queries and mutations of the public schema, hostile connection_init and protocol messages',
    async () => {
      const liveCases = new OperationCases(live, world, random.fork('live'), 'live');
      const publicOverSocket = new OperationCases(schema, world, random.fork('public-over-socket'), 'live');
      const draws = random.fork('live-draws');
      const attacks = protocolAttacks(world, draws);
      const report = await fuzz(
        'live',
        async (i) => {
          let fuzzCase: FuzzCase;
          if (i < attacks.length) fuzzCase = attacks[i](draws.pick(world.actors));
          else if (draws.chance(0.5)) fuzzCase = liveCases.build(await liveCases.draw(['subscription', 'query'], 0.7), 'socket');
          else if (draws.chance(0.6)) fuzzCase = publicOverSocket.build(await publicOverSocket.draw(draws.chance(0.5) ? ['query'] : ['mutation'], 0.3), 'socket');
          else fuzzCase = draws.pick(attacks)(draws.pick(world.actors));
          await runner.run(fuzzCase);
        },
        attacks.length,
      );
      noFindings(report);
    },
    familyTimeout('live'),
  );

  it(
    'ends a live stream when the session behind it ends, and lets the ended session start no other',
    async () => {
      const endings = [...CALLER_ENDING_MUTATIONS];
      const draws = random.fork('sessions');
      const report = await fuzz(
        'sessions',
        async (i) => sessionEndCase(world, runner, platform.gatewayUrl, i < endings.length ? endings[i] : draws.pick(endings), codes),
        endings.length,
      );
      noFindings(report);
    },
    familyTimeout('sessions'),
  );

  it('logged no error in any process while it was fuzzed', async () => {
    const shutdown = await platform.stop();
    expect(distinctLogErrors(shutdown.loggedErrors)).toEqual([]);
  });
});
