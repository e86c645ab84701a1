import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignAccess } from './campaign-access';

const CREATE = `mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id name gameId groupId version seed game { id } owner { id } }
}`;
const MINE = `query($first: Int, $after: String) {
  myCampaigns(first: $first, after: $after) { edges { cursor node { id name } } pageInfo { hasNextPage endCursor } }
}`;

describe('campaigns subgraph on Postgres', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let ana: string;
  let ben: string;
  let stored: () => Promise<number>;
  const redis = new Redis(TEST_REDIS_URL);

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.finishRebuild(rebuild);
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = service.app.get(TokenService);
    ana = tokens.issue('player-ana').accessToken;
    ben = tokens.issue('player-ben').accessToken;
    stored = () => service.app.get(DataSource).getRepository(CampaignEntity).count();
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('creates a campaign in the caller’s personal group, with references to its game and creator', async () => {
    const response = await graphql(service.url, CREATE, { input: { gameId: 'stalker-zs', name: '  Into the Zone ' } }, ana);
    expect(response.errors).toBeUndefined();
    expect(response.data!.createCampaign).toMatchObject({
      name: 'Into the Zone',
      gameId: 'stalker-zs',
      groupId: 'personal-player-ana',
      version: 0,
      seed: expect.any(String),
      game: { id: 'stalker-zs' },
      owner: { id: 'player-ana' },
    });
  });

  it('pages through the campaigns of the caller’s groups only, newest first', async () => {
    for (const name of ['Winter', 'Spring', 'Summer']) {
      await graphql(service.url, CREATE, { input: { gameId: 'twom', name } }, ana);
    }
    await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Not Ana’s' } }, ben);

    const first = await graphql(service.url, MINE, { first: 2 }, ana);
    expect(first.data!.myCampaigns.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Summer', 'Spring']);
    expect(first.data!.myCampaigns.pageInfo.hasNextPage).toBe(true);

    const rest = await graphql(service.url, MINE, { first: 10, after: first.data!.myCampaigns.pageInfo.endCursor }, ana);
    expect(rest.data!.myCampaigns.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Winter', 'Into the Zone']);
    expect(rest.data!.myCampaigns.pageInfo.hasNextPage).toBe(false);
  });

  describe('who may read a campaign', () => {
    const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Campaign { id name gameId } } }`;
    const ONE = `query($id: ID!) { campaign(id: $id) { id name } }`;
    let ids: string[];

    beforeAll(async () => {
      const mine = await graphql(service.url, MINE, { first: 2 }, ana);
      ids = mine.data!.myCampaigns.edges.map((e: { node: { id: string } }) => e.node.id);
    });

    it('resolves the owner’s campaign entities for the gateway in one batch, and an unknown id as NOT_FOUND', async () => {
      const findByIds = jest.spyOn(service.app.get(CampaignAccess), 'visibleToRead');
      try {
        const response = await graphql(service.url, ENTITIES, { reps: [...ids, 'no-such-campaign'].map((id) => ({ __typename: 'Campaign', id })) }, ana);
        expect(response.data!._entities).toEqual([
          { id: ids[0], name: 'Summer', gameId: 'twom' },
          { id: ids[1], name: 'Spring', gameId: 'twom' },
          null,
        ]);
        expect(response.errors).toEqual([expect.objectContaining({ path: ['_entities', 2], extensions: { code: 'NOT_FOUND', field: 'id', rule: 'exists' } })]);
        expect(findByIds).toHaveBeenCalledTimes(1);
      } finally {
        findByIds.mockRestore();
      }
    });

    it('gives an entity reference without a token nothing but UNAUTHENTICATED', async () => {
      const response = await graphql(service.url, ENTITIES, { reps: ids.map((id) => ({ __typename: 'Campaign', id })) });
      expect(response.data!._entities).toEqual([null, null]);
      expect(response.errors!.map((e) => e.extensions)).toEqual([{ code: 'UNAUTHENTICATED' }, { code: 'UNAUTHENTICATED' }]);
      expect(JSON.stringify(response)).not.toMatch(/Summer|Spring|twom/);
    });

    it('gives a stranger’s entity reference NOT_FOUND, exactly as for an id that never existed', async () => {
      const response = await graphql(service.url, ENTITIES, { reps: [ids[0], 'no-such-campaign'].map((id) => ({ __typename: 'Campaign', id })) }, ben);
      expect(response.data!._entities).toEqual([null, null]);
      expect(response.errors!.map((e) => [e.path, e.extensions])).toEqual([
        [['_entities', 0], { code: 'NOT_FOUND', field: 'id', rule: 'exists' }],
        [['_entities', 1], { code: 'NOT_FOUND', field: 'id', rule: 'exists' }],
      ]);
      expect(response.errors![0].message.replace(ids[0], 'X')).toBe(response.errors![1].message.replace('no-such-campaign', 'X'));
      expect(JSON.stringify(response)).not.toMatch(/Summer|twom/);
    });

    it('answers the public campaign(id) field with the same rule', async () => {
      expect((await graphql(service.url, ONE, { id: ids[0] }, ana)).data!.campaign).toEqual({ id: ids[0], name: 'Summer' });
      const stranger = await graphql(service.url, ONE, { id: ids[0] }, ben);
      expect(stranger.data!.campaign).toBeNull();
      expect(stranger.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
      const anonymous = await graphql(service.url, ONE, { id: ids[0] });
      expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });
  });

  it('refuses bad input with the field and rule, and stores nothing', async () => {
    const before = await stored();
    const cases = [
      [{ gameId: 'monopoly', name: 'X' }, 'input.gameId', 'known-game'],
      [{ gameId: 'twom', name: '' }, 'input.name', 'min'],
      [{ gameId: 'twom', name: 'x'.repeat(81) }, 'input.name', 'max'],
      [{ gameId: 'twom', name: 'Siege\u0000winter' }, 'input.name', 'plain-text'],
      [{ gameId: 'twom', name: 'Alarm\u0007' }, 'input.name', 'plain-text'],
      [{ gameId: 'twom', name: '\u202Eretniw egeiS' }, 'input.name', 'plain-text'],
    ] as const;
    for (const [input, field, rule] of cases) {
      const response = await graphql(service.url, CREATE, { input }, ana);
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
    }
    const page = await graphql(service.url, MINE, { first: 101 }, ana);
    expect(page.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'range' });
    expect(await stored()).toBe(before);
  });

  it('refuses the token of a removed player, and createCampaign stores nothing for them', async () => {
    // What accounts' deleteMyAccount does once the row is gone (the accounts int-spec and the e2e test run the real mutation).
    const tokens = service.app.get(TokenService);
    const gone = tokens.issue('player-gone').accessToken;
    const earlier = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Before' } }, gone);
    expect(earlier.errors).toBeUndefined();
    await tokens.revokeAllOf('player-gone');
    const before = await stored();

    const create = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'After' } }, gone);
    expect(create.data).toBeNull();
    expect(create.errors![0]).toMatchObject({ message: expect.stringMatching(/no longer exists/), extensions: { code: 'UNAUTHENTICATED' } });
    expect(await stored()).toBe(before);
    for (const query of [MINE, `query($id: ID!) { campaign(id: $id) { id } }`]) {
      const response = await graphql(service.url, query, { id: earlier.data!.createCampaign.id }, gone);
      expect(response.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
    }
    // Everyone else carries on.
    expect((await graphql(service.url, MINE, {}, ana)).errors).toBeUndefined();
  });

  it('needs a valid token, and stores nothing without one', async () => {
    const before = await stored();
    const refusals = [
      [undefined, { code: 'UNAUTHENTICATED' }],
      ['garbage', { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-invalid' }],
    ] as const;
    for (const [token, refusal] of refusals) {
      const create = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Sneaky' } }, token);
      expect(create.errors![0].extensions).toEqual(refusal);
      const list = await graphql(service.url, MINE, {}, token);
      expect(list.errors![0].extensions).toEqual(refusal);
    }
    expect(await stored()).toBe(before);
  });
});
