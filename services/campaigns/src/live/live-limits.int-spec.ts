import Redis from 'ioredis';
import WebSocket from 'ws';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CAMPAIGN_CHANGED } from '../testing/live-follower';

interface Received {
  readonly id?: string;
  readonly type: string;
  readonly payload?: any;
}

/** graphql-transport-ws spoken by hand, so a test controls exactly which messages go out and when. */
class RawSocket {
  readonly received: Received[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly socket: WebSocket;
  readonly closed: Promise<number>;

  constructor(baseUrl: string) {
    this.socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql/ws`, 'graphql-transport-ws', {
      headers: { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '', ''), [GATEWAY_CLIENT_ADDRESS_HEADER]: '' },
    });
    this.socket.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as Received);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
  }

  async open(token?: string): Promise<void> {
    await new Promise((resolve, reject) => this.socket.once('open', resolve).once('error', reject));
    this.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
    await this.answer((message) => message.type === 'connection_ack');
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  subscribe(id: string, query: string, variables?: Record<string, unknown>): void {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  /** The first message (received already or yet to come) that `matches`. */
  async answer(matches: (message: Received) => boolean, timeoutMs = 5_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message; received ${JSON.stringify(this.received).slice(0, 2_000)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** The error graphql-ws sent for subscription `id`. */
  async errorOf(id: string): Promise<{ message: string; extensions?: Record<string, unknown> }[]> {
    return (await this.answer((message) => message.id === id && (message.type === 'error' || message.type === 'next'))).payload.errors ??
      (await this.answer((message) => message.id === id)).payload;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.socket.close();
  }
}

const LIMITS = {
  MAX_TOKENS: '400',
  MAX_ALIASES: '2',
  MAX_COST: '7',
  MAX_DIRECTIVES: '2',
  MAX_FIELD_OVERLAP: '100',
  INTROSPECTION: 'false',
  LIVE_SUBSCRIPTIONS_PER_SOCKET: '3',
  LIVE_MESSAGES_PER_SECOND: '8',
};

jest.setTimeout(30_000);

/**
 * Every subscribe on /graphql/ws meets the gateway's query limits and the
 * introspection switch, carries subscriptions only, and a socket holds a
 * bounded number of subscriptions and messages: each refusal a typed
 * graphql-ws error, the socket and the process carrying on.
 */
describe('the live socket’s limits', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let token: string;
  let campaignId: string;
  const sockets: RawSocket[] = [];

  const connect = async (withToken = true) => {
    const socket = new RawSocket(service.url);
    sockets.push(socket);
    await socket.open(withToken ? token : undefined);
    return socket;
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns', LIMITS));
    token = service.app.get(TokenService).issue('player-ana').accessToken;
    const created = await graphql(
      service.url,
      'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
      { input: { gameId: 'twom', name: 'Basement', groupId: 'cellar' } },
      token,
    );
    expect(created.errors).toBeUndefined();
    campaignId = created.data!.createCampaign.id;
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  const refusedWith = async (socket: RawSocket, id: string, extensions: Record<string, unknown>) => {
    const errors = await socket.errorOf(id);
    expect(errors).toEqual([expect.objectContaining({ message: expect.any(String), extensions })]);
    expect(errors[0].message).not.toMatch(/syntax/i);
    return errors[0].message;
  };

  it('refuses 2,500 introspection selections at the token limit at once, and the service keeps answering', async () => {
    const socket = await connect(false);
    const started = Date.now();
    // About 55 kB, under the socket's 64 kB message limit.
    socket.subscribe('wide', `subscription{${'__schema{types{name}}'.repeat(2_500)}}`);
    await refusedWith(socket, 'wide', { code: 'GRAPHQL_PARSE_FAILED', rule: 'max-tokens' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const health = await fetch(`${service.url}/health/live`);
    expect(health.status).toBe(200);
    expect(socket.isOpen).toBe(true);
  });

  it('applies field overlap, aliases, cost and directives with their rules', async () => {
    const socket = await connect();
    const follow = (selection: string) => `subscription { campaignChanged(campaignId: "${campaignId}") { ${selection} } }`;
    socket.subscribe('overlap', follow('version '.repeat(200)));
    await refusedWith(socket, 'overlap', { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-field-overlap' });
    socket.subscribe('aliases', follow('a: version b: version c: version'));
    await refusedWith(socket, 'aliases', { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-aliases' });
    socket.subscribe('cost', follow('campaignId fromVersion version again: version'));
    await refusedWith(socket, 'cost', { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-cost' });
    socket.subscribe('directives', follow('campaignId @include(if: true) fromVersion @include(if: true) version @skip(if: false)'));
    await refusedWith(socket, 'directives', { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-directives' });
    // Within every limit, the same subscription runs.
    socket.subscribe('fine', CAMPAIGN_CHANGED, { id: campaignId });
    const first = await socket.answer((message) => message.id === 'fine' && message.type === 'next');
    expect(first.payload.data.campaignChanged).toEqual({ campaignId, fromVersion: 0, version: 0 });
  });

  it('follows the introspection switch, and sends queries and mutations to /graphql', async () => {
    const socket = await connect();
    socket.subscribe('schema', '{ __schema { types { name } } }');
    const refused = await socket.errorOf('schema');
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error).toEqual(expect.objectContaining({ message: expect.stringMatching(/introspection has been disabled/), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
    }
    socket.subscribe('query', '{ live }');
    expect(await refusedWith(socket, 'query', { code: 'BAD_USER_INPUT', field: 'query', rule: 'operation-type' })).toMatch(/queries to \/graphql/);
    socket.subscribe('mutation', 'mutation { live }');
    expect(await refusedWith(socket, 'mutation', { code: 'BAD_USER_INPUT', field: 'query', rule: 'operation-type' })).toMatch(/mutations to \/graphql/);
    socket.subscribe('typo', `subscription { campaignChangd(campaignId: "${campaignId}") { version } }`);
    expect((await socket.errorOf('typo'))[0].message).not.toMatch(/Did you mean/);
  });

  it('holds at most the configured subscriptions on one socket, and starts another once one completes', async () => {
    const socket = await connect();
    for (const id of ['s1', 's2', 's3']) {
      socket.subscribe(id, CAMPAIGN_CHANGED, { id: campaignId });
      await socket.answer((message) => message.id === id && message.type === 'next');
    }
    socket.subscribe('s4', CAMPAIGN_CHANGED, { id: campaignId });
    expect(await refusedWith(socket, 's4', { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-subscriptions' })).toMatch(/holds 3 subscriptions/);
    socket.send({ id: 's1', type: 'complete' });
    // The completion is handled before the next message on the same socket.
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.subscribe('s5', CAMPAIGN_CHANGED, { id: campaignId });
    await socket.answer((message) => message.id === 's5' && message.type === 'next');
    expect(socket.isOpen).toBe(true);
  });

  it('refuses subscribes over the message rate with RATE_LIMITED and a retry time, and serves the socket again after it', async () => {
    const socket = await connect();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (let i = 0; i < 12; i++) socket.subscribe(`q${i}`, '{ live }');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => socket.errorOf(`q${i}`)));
    const refusals = answers.map((errors) => (errors[0].extensions!.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : errors[0].extensions!.rule));
    // Within the rate each subscribe meets the guard: refused as a query, or as one too many while graphql-ws still holds the ids it is refusing.
    expect(refusals.filter((rule) => rule === 'operation-type' || rule === 'max-subscriptions')).toHaveLength(8);
    expect(refusals.filter((rule) => rule === 'RATE_LIMITED')).toHaveLength(4);
    expect(answers.find((errors) => errors[0].extensions!.code === 'RATE_LIMITED')![0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    socket.subscribe('again', CAMPAIGN_CHANGED, { id: campaignId });
    await socket.answer((message) => message.id === 'again' && message.type === 'next');
    expect(socket.isOpen).toBe(true);
  });
});
