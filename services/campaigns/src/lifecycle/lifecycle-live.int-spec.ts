import Redis from 'ioredis';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { followCampaign, versionsCovered } from '../testing/live-follower';
import { campaignWithNotes, LIFECYCLE, PUSH } from './testing/lifecycle-operations';

const SHARE = `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token } }`;

jest.setTimeout(30_000);

/** Followers of a campaign hear every lifecycle change as a version, and lose the stream when a delete or transfer takes the campaign out of their reach. */
describe('lifecycle changes heard by campaignChanged followers on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  const token: Record<string, string> = {};

  const done = async (document: string, variables: Record<string, unknown>) => {
    const response = await graphql(service.url, document, variables, token.ana);
    expect(response.errors).toBeUndefined();
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    const member = (playerId: string) => ({ playerId, role: 'MEMBER' as const });
    await writer.write({ groupId: 'cellar', version: 1, members: [member('player-ana'), member('player-ben'), member('player-cleo')] });
    await writer.write({ groupId: 'attic', version: 1, members: [member('player-ana'), member('player-ben')] });
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo']) token[who] = tokens.issue(`player-${who}`).accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('hears rename, archive, unarchive and transfer as one version each, then delete ends the stream with NOT_FOUND', async () => {
    const id = await campaignWithNotes(service.url, token.ana, 'cellar', 'Followed', 1);
    const follower = followCampaign(service.url, id, { token: token.ben });
    await follower.reach(1);

    await done(LIFECYCLE.rename, { input: { campaignId: id, name: 'Followed closely' } });
    await follower.reach(2);
    await done(LIFECYCLE.archive, { id });
    await follower.reach(3);
    await done(LIFECYCLE.unarchive, { id });
    await follower.reach(4);
    await done(LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } });
    await follower.reach(5);
    await done(LIFECYCLE.delete, { id });

    const ended = await follower.ended;
    expect(ended.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    // The delete's own version may or may not arrive before the error that ends the stream.
    expect(versionsCovered(follower.events).contiguous).toBe(true);
    expect(follower.events.map((event) => event.version).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(follower.events.length).toBeLessThanOrEqual(6);
    await follower.stop();

    // A deleted campaign cannot be followed; restored, it can, from the restore's version.
    const refused = followCampaign(service.url, id, { token: token.ben });
    expect((await refused.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await refused.stop();
    await done(LIFECYCLE.restore, { id });
    const again = followCampaign(service.url, id, { token: token.ben });
    await again.reach(7);
    expect(again.events[0]).toEqual({ campaignId: id, fromVersion: 7, version: 7 });
    await again.stop();
  });

  it('ends a transfer’s followers who are not in the new group, and keeps those who are', async () => {
    const id = await campaignWithNotes(service.url, token.ana, 'cellar', 'Moving', 1);
    const leftBehind = followCampaign(service.url, id, { token: token.cleo });
    const moving = followCampaign(service.url, id, { token: token.ben });
    await Promise.all([leftBehind.reach(1), moving.reach(1)]);

    await done(LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } });
    expect((await leftBehind.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await moving.reach(2);

    const pushed = await graphql(service.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-01', actions: [{ seq: 2, name: 'add-note', args: { text: 'Upstairs' } }] } }, token.ana);
    expect(pushed.errors).toBeUndefined();
    await moving.reach(3);
    expect(versionsCovered(moving.events)).toEqual({ contiguous: true, last: 3 });
    expect(leftBehind.events.every((event) => event.version <= 2)).toBe(true);
    await Promise.all([leftBehind.stop(), moving.stop()]);
  });

  it('keeps a share link’s follower through a transfer, the link being of the campaign and not of a group, and ends it at the delete', async () => {
    const id = await campaignWithNotes(service.url, token.ana, 'cellar', 'On the table screen', 1);
    const made = await graphql(service.url, SHARE, { input: { campaignId: id } }, token.ana);
    expect(made.errors).toBeUndefined();
    const screen = followCampaign(service.url, id, { token: made.data!.createCampaignShareLink.token as string });
    await screen.reach(1);
    await done(LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } });
    await screen.reach(2);
    await done(LIFECYCLE.rename, { input: { campaignId: id, name: 'Upstairs' } });
    await screen.reach(3);
    await done(LIFECYCLE.delete, { id });
    expect((await screen.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await screen.stop();
  });
});
