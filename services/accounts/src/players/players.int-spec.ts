import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) { accessToken player { id displayName } }
}`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { accessToken player { id displayName } } }`;

describe('accounts subgraph on Postgres', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let playerCount: () => Promise<number>;

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    const dataSource = service.app.get(DataSource);
    playerCount = async () => Number((await dataSource.query('SELECT COUNT(*) AS n FROM players'))[0].n);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('registers a player, then logs in and reads `me` with the token', async () => {
    const registered = await graphql(service.url, REGISTER, {
      input: { email: 'Ana@Example.org', password: 'correct horse', displayName: 'Ana' },
    });
    expect(registered.errors).toBeUndefined();
    expect(registered.data!.registerPlayer.player.displayName).toBe('Ana');

    const login = await graphql(service.url, LOGIN, { input: { email: 'ana@example.org', password: 'correct horse' } });
    expect(login.errors).toBeUndefined();
    const token = login.data!.login.accessToken;
    expect(login.data!.login.player.id).toBe(registered.data!.registerPlayer.player.id);

    const me = await graphql(service.url, '{ me { id displayName } }', {}, token);
    expect(me.data!.me).toEqual(registered.data!.registerPlayer.player);
  });

  it('answers `me` with null without a token and UNAUTHENTICATED with a bad one', async () => {
    expect((await graphql(service.url, '{ me { id } }')).data!.me).toBeNull();
    const bad = await graphql(service.url, '{ me { id } }', {}, 'not-a-token');
    expect(bad.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a duplicate email with CONFLICT and stores nothing', async () => {
    const before = await playerCount();
    const duplicate = await graphql(service.url, REGISTER, {
      input: { email: 'ana@example.org', password: 'another one', displayName: 'Ana 2' },
    });
    expect(duplicate.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'input.email', rule: 'unique' });
    expect(await playerCount()).toBe(before);
  });

  it('refuses a wrong password and an unknown email alike with UNAUTHENTICATED', async () => {
    for (const input of [
      { email: 'ana@example.org', password: 'wrong password' },
      { email: 'nobody@example.org', password: 'correct horse' },
    ]) {
      const response = await graphql(service.url, LOGIN, { input });
      expect(response.data).toBeNull();
      expect(response.errors![0]).toMatchObject({ message: 'Email or password is wrong', extensions: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('names the field and the rule for bad input, and stores nothing', async () => {
    const before = await playerCount();
    const cases = [
      [{ email: 'not-an-email', password: 'long enough', displayName: 'X' }, 'input.email', 'format'],
      [{ email: 'b@example.org', password: 'short', displayName: 'X' }, 'input.password', 'min'],
      [{ email: 'b@example.org', password: 'long enough', displayName: '   ' }, 'input.displayName', 'min'],
    ] as const;
    for (const [input, field, rule] of cases) {
      const response = await graphql(service.url, REGISTER, { input });
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
      expect(response.errors![0].message).toContain(field);
    }
    expect(await playerCount()).toBe(before);
  });

  it('never leaks a stack trace', async () => {
    const response = await graphql(service.url, '{ me { id ');
    expect(response.errors![0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    expect(JSON.stringify(response)).not.toMatch(/stacktrace|at .*\.js/);
  });
});
