import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { applyAction } from '@scriptbook/campaign-model';
import { StateChange, applyChanges } from '@scriptbook/campaign-model';
import { actionOf } from '@scriptbook/campaign-model';
import { campaignModelOf } from '@scriptbook/games';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version stateJson } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq rule } } }`;
const CHANGES = `query($id: ID!, $since: Int!) {
  campaignChanges(campaignId: $id, sinceVersion: $since, first: 7) {
    version hasMore clients { clientId lastSeq } changes { version name args clientId seq delta { op path by from to } }
  }
}`;
const STATE = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;

interface Queued {
  seq: number;
  name: string;
  args: Record<string, unknown>;
}

interface Change {
  version: number;
  name: string;
  args: unknown;
  clientId: string;
  seq: number;
  delta: { op: 'add' | 'set' | 'remove'; path: string[]; by: number | null; from: unknown; to: unknown }[];
}

/** Actions that are always valid (they must apply exactly once) and ones the state may refuse by the time they arrive. */
const alwaysValid = fc.oneof(
  fc.record({ name: fc.constant('add-resource'), args: fc.record({ resource: fc.constantFrom('Water', 'Wood'), amount: fc.integer({ min: 1, max: 5 }) }) }),
  fc.record({ name: fc.constant('advance-day'), args: fc.constant({}) }),
  fc.record({ name: fc.constant('add-note'), args: fc.record({ text: fc.constantFrom('north', 'south') }) }),
);
const mayBeRefused = fc.oneof(
  fc.record({ name: fc.constantFrom('add-character', 'remove-character'), args: fc.record({ character: fc.constantFrom('Emira', 'Zlata') }) }),
  fc.record({ name: fc.constant('spend-resource'), args: fc.record({ resource: fc.constantFrom('Water', 'Wood'), amount: fc.integer({ min: 1, max: 5 }) }) }),
  fc.record({
    name: fc.constant('adjust-level'),
    args: fc.record({ character: fc.constant('Emira'), level: fc.constantFrom('hunger', 'misery'), by: fc.integer({ min: -2, max: 3 }).filter((n) => n !== 0) }),
  }),
);
const offlineQueue = fc.array(fc.oneof(alwaysValid, mayBeRefused), { minLength: 1, maxLength: 25 });
const networkStep = fc.record({
  device: fc.integer({ min: 0, max: 1 }),
  size: fc.integer({ min: 1, max: 6 }),
  responseLost: fc.boolean(),
  sentTwice: fc.boolean(),
});

const ALWAYS_VALID = new Set(['add-resource', 'advance-day', 'add-note']);
const twom = campaignModelOf('twom')!;

function toChanges(delta: Change['delta']): StateChange[] {
  return delta.map((c): StateChange => {
    if (c.op === 'add') return { op: 'add', path: c.path, by: c.by! };
    if (c.op === 'remove') return { op: 'remove', path: c.path, from: c.from };
    return { op: 'set', path: c.path, from: c.from, to: c.to };
  });
}

const environments: [string, (isolation: TestIsolation) => { env: NodeJS.ProcessEnv; cleanUp: () => void }][] = [
  ['Postgres', (isolation) => ({ env: isolation.postgresEnv('campaigns'), cleanUp: () => undefined })],
  [
    'SQLite',
    (isolation) => {
      const dir = mkdtempSync(join(tmpdir(), 'scriptbook-campaigns-'));
      const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('campaigns');
      return { env: { ...env, SQLITE_DIR: dir }, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];

describe.each(environments)('two offline devices converging on %s', (_name, environment) => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let cleanUpFiles: () => void;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await writer.finishRebuild(rebuild);
    const { env, cleanUp } = environment(isolation);
    cleanUpFiles = cleanUp;
    service = await startService(campaignsApp, env);
    const tokens = service.app.get(TokenService);
    token.ana = tokens.issue('player-ana').accessToken;
    token.ben = tokens.issue('player-ben').accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    cleanUpFiles?.();
  });

  it('applies every action exactly once, in each device’s order, whatever the interleaving, lost responses and duplicated pushes', async () => {
    await fc.assert(
      fc.asyncProperty(offlineQueue, offlineQueue, fc.array(networkStep, { maxLength: 30 }), async (queueA, queueB, network) => {
        const created = (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Property', groupId: 'box' } }, token.ana)).data!.createCampaign;
        const campaignId = created.id as string;
        const devices = [
          { who: 'ana', clientId: 'phone-ana-1', queue: [{ name: 'add-character', args: { character: 'Emira' } }, ...queueA], acked: 0 },
          { who: 'ben', clientId: 'tablet-ben-1', queue: queueB, acked: 0 },
        ].map((d) => ({ ...d, queue: d.queue.map((a, i): Queued => ({ ...a, seq: i + 1 })) }));

        const send = async (device: (typeof devices)[number], size: number, responseLost: boolean, sentTwice: boolean) => {
          const batch = device.queue.filter((a) => a.seq > device.acked).slice(0, size);
          if (batch.length === 0) return;
          const input = { campaignId, clientId: device.clientId, actions: batch };
          const answers = await Promise.all((sentTwice ? [1, 2] : [1]).map(() => graphql(service.url, PUSH, { input }, token[device.who])));
          for (const answer of answers) expect(answer.errors).toBeUndefined();
          if (!responseLost) device.acked = Math.max(...answers.map((a) => a.data!.pushCampaignActions.lastSeq as number));
        };
        for (const step of network) await send(devices[step.device], step.size, step.responseLost, step.sentTwice);
        // Back online for good: each device drains its queue, both at once.
        await Promise.all(devices.map(async (device) => {
          while (device.acked < device.queue.length) await send(device, 6, false, false);
        }));

        const pulled: Change[] = [];
        let since = 0;
        let page;
        do {
          page = (await graphql(service.url, CHANGES, { id: campaignId, since }, token.ben)).data!.campaignChanges;
          pulled.push(...page.changes);
          since = page.changes.length > 0 ? page.changes[page.changes.length - 1].version : since;
        } while (page.hasMore);
        const server = (await graphql(service.url, STATE, { id: campaignId }, token.ana)).data!.campaign;

        expect(pulled.map((c) => c.version)).toEqual(pulled.map((_, i) => i + 1));
        expect(server.version).toBe(pulled.length);
        expect(page.clients).toEqual(devices.map((d) => ({ clientId: d.clientId, lastSeq: d.queue.length })).filter((c) => c.lastSeq > 0));
        for (const device of devices) {
          const seqs = pulled.filter((c) => c.clientId === device.clientId).map((c) => c.seq);
          // Once at most, in the device's own order.
          expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
          // An action no state can refuse is applied exactly once.
          const mustApply = device.queue.filter((a) => ALWAYS_VALID.has(a.name)).map((a) => a.seq);
          expect(mustApply.filter((seq) => !seqs.includes(seq))).toEqual([]);
          for (const change of pulled.filter((c) => c.clientId === device.clientId)) {
            const sent = device.queue[change.seq - 1];
            expect([change.name, change.args]).toEqual([sent.name, sent.args]);
          }
        }
        // Every device that applies the pulled changes to the state it started from ends where the server is.
        const fromDeltas = pulled.reduce((state, change) => applyChanges(state, toChanges(change.delta)), created.stateJson as unknown);
        expect(fromDeltas).toEqual(server.stateJson);
        // And replaying the actions themselves in the server's order gives the same state: deltas and actions agree.
        const replayed = pulled.reduce((state, change) => applyAction(twom.stateSchema, actionOf(twom, change.name)!, state, change.args).state, created.stateJson as unknown);
        expect(replayed).toEqual(server.stateJson);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
