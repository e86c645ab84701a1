import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { expectTypedAnswers, hostileRepresentations } from '@scriptbook/platform/validation/testing/hostile-representations';
import { scoringApp } from '../scoring.app';

describe('scoring’s _entities on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  let api: RunningService;
  let token: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    token = api.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await api?.stop();
    await isolation.cleanUp();
  });

  it('answers every representation it cannot resolve with a typed error at its own index, never INTERNAL_SERVER_ERROR', async () => {
    const cases = hostileRepresentations({ entity: 'BackgroundJob', unknownId: 'no-such-job', notAnEntity: 'ZoneSurvivalResult', stubs: ['Player'] });
    await expectTypedAnswers(api.url, cases, token);
    await expectTypedAnswers(api.url, cases);
  });

  it('still resolves what it can beside a refused representation', async () => {
    const response = await graphql(
      api.url,
      `query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on BackgroundJob { id } } }`,
      { r: [{ __typename: 'ZoneSurvivalResult', id: 'r1' }, { __typename: 'BackgroundJob', id: 'no-such-job' }] },
      token,
    );
    expect(response.data).toEqual({ _entities: [null, null] });
    expect(response.errors!.map((e) => [e.path, e.extensions!.code])).toEqual([
      [['_entities', 0], 'BAD_USER_INPUT'],
      [['_entities', 1], 'NOT_FOUND'],
    ]);
  });
});
