import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { followCampaign, versionsCovered } from '../testing/live-follower';
import { LiveCampaignHub } from './live-campaign-hub';
import { campaignChangesChannel } from '../announcements/campaign-change-events';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`;

const note = (seq: number, text: string) => ({ seq, name: 'add-note', args: { text } });

jest.setTimeout(30_000);

describe('campaignChanged over graphql-ws on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let writer: MembershipWriter;
  const token: Record<string, string> = {};
  let membershipVersion = 1;

  const members = async (...players: string[]) => {
    membershipVersion += 1;
    await writer.write({
      groupId: 'cellar',
      version: membershipVersion,
      members: players.map((player, i) => ({ playerId: `player-${player}`, role: i === 0 ? 'OWNER' : 'MEMBER' })),
    });
  };
  const newCampaign = async () => {
    const response = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Basement', groupId: 'cellar' } }, token.ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const push = async (who: string, campaignId: string, clientId: string, actions: unknown[]) => {
    const response = await graphql(service.url, PUSH, { input: { campaignId, clientId, actions } }, token[who]);
    expect(response.errors).toBeUndefined();
    expect(response.data!.pushCampaignActions.rejected).toEqual([]);
    return response.data!.pushCampaignActions as { version: number };
  };

  beforeAll(async () => {
    writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('starts at the current version and then covers every version of a burst of pushes from two devices, undo included', async () => {
    const id = await newCampaign();
    await push('ana', id, 'phone-ana-1', [note(1, 'Before following')]);
    const follower = followCampaign(service.url, id, { token: token.ben });
    await follower.reach(1);
    expect(follower.events[0]).toEqual({ campaignId: id, fromVersion: 1, version: 1 });

    // Two devices push at once, one at a time each, in batches of 1 to 3: the commits interleave.
    const device = async (who: string, clientId: string, batches: number[]) => {
      let seq = 0;
      for (const size of batches) {
        const actions = Array.from({ length: size }, () => note(++seq, `${clientId} ${seq}`));
        await push(who, id, clientId, actions);
      }
    };
    await Promise.all([device('ana', 'phone-ana-2', [1, 3, 1, 2, 1, 1, 3, 1]), device('ben', 'tablet-ben', [2, 1, 1, 3, 1, 1, 2, 1])]);
    const undone = await graphql(service.url, UNDO, { id, v: 1 + 13 + 12 }, token.ana);
    expect(undone.errors).toBeUndefined();
    const final = undone.data!.undoCampaignAction.version as number;
    expect(final).toBe(1 + 13 + 12 + 1);

    await follower.reach(final);
    expect(versionsCovered(follower.events)).toEqual({ contiguous: true, last: final });
    await follower.stop();
  });

  it('closes a gap from the database when an announcement is lost', async () => {
    const id = await newCampaign();
    const follower = followCampaign(service.url, id, { token: token.ana });
    await follower.reach(0);
    jest.spyOn(service.app.get(CampaignChangePublisher), 'changed').mockImplementationOnce(() => undefined);
    await push('ana', id, 'phone-ana-3', [note(1, 'never announced')]);
    await push('ana', id, 'phone-ana-3', [note(2, 'announced')]);
    await follower.reach(2);
    expect(follower.events).toEqual([
      { campaignId: id, fromVersion: 0, version: 0 },
      { campaignId: id, fromVersion: 0, version: 2 },
    ]);
    await follower.stop();
  });

  it('ignores a malformed announcement', async () => {
    const id = await newCampaign();
    const follower = followCampaign(service.url, id, { token: token.ana });
    await follower.reach(0);
    await redis.publish(campaignChangesChannel(isolation.redisPrefix), JSON.stringify({ campaignId: id, fromVersion: 5, version: 'x' }));
    await redis.publish(campaignChangesChannel(isolation.redisPrefix), 'not json');
    await push('ana', id, 'phone-ana-5', [note(1, 'real')]);
    await follower.reach(1);
    expect(versionsCovered(follower.events)).toEqual({ contiguous: true, last: 1 });
    expect(service.app.get(LiveCampaignHub).size).toBe(1);
    await follower.stop();
  });

  it('refuses the anonymous, bad tokens, strangers and former members, naming the reason', async () => {
    const id = await newCampaign();
    await members('ana', 'ben', 'dan');
    await members('ana', 'ben');
    const cases: [string | undefined, string, string | undefined][] = [
      [undefined, 'UNAUTHENTICATED', undefined],
      ['not-a-token', 'UNAUTHENTICATED', undefined],
      [token.cleo, 'NOT_FOUND', 'campaignId'],
      [token.dan, 'NOT_FOUND', 'campaignId'],
    ];
    for (const [given, code, field] of cases) {
      const follower = followCampaign(service.url, id, { token: given });
      const ended = await follower.ended;
      expect(ended.errors?.[0]?.extensions).toMatchObject({ code, ...(field ? { field } : {}) });
      expect(follower.events).toEqual([]);
      await follower.stop();
    }
    const unknown = followCampaign(service.url, 'no-such-campaign', { token: token.ana });
    expect((await unknown.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await unknown.stop();
  });

  it('ends a member’s subscription with NOT_FOUND as soon as they leave the group, and keeps the others', async () => {
    await members('ana', 'ben', 'dan');
    const id = await newCampaign();
    const leaving = followCampaign(service.url, id, { token: token.dan });
    const staying = followCampaign(service.url, id, { token: token.ben });
    await Promise.all([leaving.reach(0), staying.reach(0)]);
    await members('ana', 'ben');
    const ended = await leaving.ended;
    expect(ended.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await push('ana', id, 'phone-ana-4', [note(1, 'after dan left')]);
    await staying.reach(1);
    expect(leaving.events.map((event) => event.version)).toEqual([0]);
    await Promise.all([leaving.stop(), staying.stop()]);
  });

  it('refuses an upgrade the gateway did not sign, and one signed with another secret', async () => {
    for (const signWith of [false, 'a-different-secret-of-thirty-two-characters!'] as const) {
      const follower = followCampaign(service.url, 'any', { token: token.ana, signWith });
      const ended = await follower.ended;
      expect(ended.errors).toBeUndefined();
      expect(ended.closed).toBeDefined();
      expect(follower.events).toEqual([]);
      await follower.stop();
    }
  });
});
