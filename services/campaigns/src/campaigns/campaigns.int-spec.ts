import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from './campaign.entity';

const CREATE = `mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id name gameId version game { id } owner { id } }
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

  beforeAll(async () => {
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    const tokens = service.app.get(TokenService);
    ana = tokens.issue('player-ana').accessToken;
    ben = tokens.issue('player-ben').accessToken;
    stored = () => service.app.get(DataSource).getRepository(CampaignEntity).count();
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('creates a campaign owned by the caller, with references to its game and owner', async () => {
    const response = await graphql(service.url, CREATE, { input: { gameId: 'stalker-zs', name: '  Into the Zone ' } }, ana);
    expect(response.errors).toBeUndefined();
    expect(response.data!.createCampaign).toMatchObject({
      name: 'Into the Zone',
      gameId: 'stalker-zs',
      version: 0,
      game: { id: 'stalker-zs' },
      owner: { id: 'player-ana' },
    });
  });

  it('pages through the caller’s campaigns only, newest first', async () => {
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

  it('resolves campaign entities for the gateway in one batch', async () => {
    const mine = await graphql(service.url, MINE, { first: 2 }, ana);
    const ids = mine.data!.myCampaigns.edges.map((e: { node: { id: string } }) => e.node.id);
    const response = await graphql(
      service.url,
      `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Campaign { id name } } }`,
      { reps: [...ids, 'no-such-campaign'].map((id) => ({ __typename: 'Campaign', id })) },
    );
    expect(response.data!._entities).toEqual([
      { id: ids[0], name: 'Summer' },
      { id: ids[1], name: 'Spring' },
      null,
    ]);
  });

  it('refuses bad input with the field and rule, and stores nothing', async () => {
    const before = await stored();
    const cases = [
      [{ gameId: 'monopoly', name: 'X' }, 'input.gameId', 'known-game'],
      [{ gameId: 'twom', name: '' }, 'input.name', 'min'],
      [{ gameId: 'twom', name: 'x'.repeat(81) }, 'input.name', 'max'],
    ] as const;
    for (const [input, field, rule] of cases) {
      const response = await graphql(service.url, CREATE, { input }, ana);
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
    }
    const page = await graphql(service.url, MINE, { first: 101 }, ana);
    expect(page.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'range' });
    expect(await stored()).toBe(before);
  });

  it('needs a valid token, and stores nothing without one', async () => {
    const before = await stored();
    for (const token of [undefined, 'garbage']) {
      const create = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Sneaky' } }, token);
      expect(create.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      const list = await graphql(service.url, MINE, {}, token);
      expect(list.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    }
    expect(await stored()).toBe(before);
  });
});
