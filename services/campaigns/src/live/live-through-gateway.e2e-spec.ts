import Redis from 'ioredis';
import WebSocket from 'ws';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { startGatewayOverLiveSubgraphs } from '../../../gateway/src/testing/gateway-over-live-subgraphs';
import { campaignsApp } from '../campaigns.app';
import { followCampaign, versionsCovered } from '../testing/live-follower';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq } } }`;

/** The gateway's /graphql/ws carries the device's socket to campaigns, signed, so followers need nothing but the public host. */
describe('live campaign updates through the gateway', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let campaigns: RunningService;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'attic', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await writer.finishRebuild(rebuild);
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = campaigns.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo']) token[who] = tokens.issue(`player-${who}`).accessToken;
  });

  afterAll(async () => {
    await campaigns?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('lets a member follow every version of pushes made through the gateway, and refuses a stranger', async () => {
    const gateway = await startGatewayOverLiveSubgraphs(isolation, { campaigns });
    try {
      const url = gateway.gateway.url;
      const id = (await graphql(url, CREATE, { input: { gameId: 'twom', name: 'Attic', groupId: 'attic' } }, token.ana)).data!.createCampaign.id as string;
      const follower = followCampaign(url, id, { token: token.ben, signWith: false });
      await follower.reach(0);
      for (let seq = 1; seq <= 5; seq++) {
        const pushed = await graphql(url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: [{ seq, name: 'advance-day' }] } }, token.ana);
        expect(pushed.data!.pushCampaignActions).toEqual({ version: seq, rejected: [] });
      }
      await follower.reach(5);
      expect(versionsCovered(follower.events)).toEqual({ contiguous: true, last: 5 });

      const stranger = followCampaign(url, id, { token: token.cleo, signWith: false });
      expect((await stranger.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
      await Promise.all([follower.stop(), stranger.stop()]);
    } finally {
      await gateway.stop();
    }
  });

  it('answers 404 for an upgrade on another path', async () => {
    const gateway = await startGatewayOverLiveSubgraphs(isolation, { campaigns });
    try {
      const socket = new WebSocket(`${gateway.gateway.url.replace(/^http/, 'ws')}/graphql/elsewhere`, 'graphql-transport-ws');
      const status = await new Promise<number>((resolve, reject) => {
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => reject(new Error('the upgrade was accepted')));
        socket.on('error', () => undefined);
      });
      socket.terminate();
      expect(status).toBe(404);
    } finally {
      await gateway.stop();
    }
  });

  it('is refused by campaigns when the gateway signs with another secret', async () => {
    const gateway = await startGatewayOverLiveSubgraphs(isolation, { campaigns }, { GATEWAY_SIGNING_SECRET: 'another-signing-secret-of-32-chars-at-least' });
    try {
      const follower = followCampaign(gateway.gateway.url, 'any', { token: token.ana, signWith: false });
      const ended = await follower.ended;
      expect(ended.closed).toBeDefined();
      expect(follower.events).toEqual([]);
      await follower.stop();
    } finally {
      await gateway.stop();
    }
  });

  it('stops promptly with a follower still connected', async () => {
    const gateway = await startGatewayOverLiveSubgraphs(isolation, { campaigns });
    const id = (await graphql(gateway.gateway.url, CREATE, { input: { gameId: 'twom', name: 'Late', groupId: 'attic' } }, token.ana)).data!.createCampaign.id as string;
    const follower = followCampaign(gateway.gateway.url, id, { token: token.ana, signWith: false });
    await follower.reach(0);
    const started = Date.now();
    await gateway.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await follower.ended).closed).toBeDefined();
    await follower.stop();
  });
});
