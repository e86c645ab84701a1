import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { PasswordHasher } from './password-hasher';

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) { accessToken player { id displayName } }
}`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { accessToken player { id displayName } } }`;
const DELETE = `mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { playerId removedAt } }`;

jest.setTimeout(30_000);

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
    expect(bad.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-invalid' });
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

  it('refuses a display name that hides or reorders text, and stores nothing', async () => {
    const before = await playerCount();
    for (const displayName of ['Ana\u0000', 'Ben\u0007', '\u202Enomis', 'Cy\u2066x\u2069']) {
      const response = await graphql(service.url, REGISTER, { input: { email: 'c@example.org', password: 'long enough', displayName } });
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.displayName', rule: 'plain-text' });
    }
    expect(await playerCount()).toBe(before);
    const emoji = await graphql(service.url, REGISTER, {
      input: { email: 'zoe@example.org', password: 'long enough', displayName: ' Zoë 👩‍👩‍👧 ' },
    });
    expect(emoji.data!.registerPlayer.player.displayName).toBe('Zoë 👩‍👩‍👧');
  });

  describe('passwords', () => {
    // 'é' is two bytes in UTF-8: 35 of them and two letters are 72 bytes, bcrypt's whole input.
    const seventyTwoBytes = 'é'.repeat(35) + 'ab';

    it('refuses a 100-byte password at sign-up, and one that is only spaces, storing nothing', async () => {
      const before = await playerCount();
      const cases = [
        ['x'.repeat(100), 'max-bytes'],
        ['🙂'.repeat(25), 'max-bytes'],
        [seventyTwoBytes + 'c', 'max-bytes'],
        [' '.repeat(12), 'not-blank'],
        ['\t\u3000  \n   ', 'not-blank'],
      ] as const;
      for (const [password, rule] of cases) {
        const response = await graphql(service.url, REGISTER, { input: { email: 'long@example.org', password, displayName: 'Long' } });
        expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.password', rule });
        expect(JSON.stringify(response)).not.toContain(password.trim() || 'x'.repeat(100));
      }
      expect(await playerCount()).toBe(before);
    });

    it('takes exactly 72 bytes, and no login can differ only after byte 72', async () => {
      expect(Buffer.byteLength(seventyTwoBytes)).toBe(72);
      const registered = await graphql(service.url, REGISTER, {
        input: { email: 'edge@example.org', password: seventyTwoBytes, displayName: 'Edge' },
      });
      expect(registered.errors).toBeUndefined();

      const exact = await graphql(service.url, LOGIN, { input: { email: 'edge@example.org', password: seventyTwoBytes } });
      expect(exact.data!.login.player.id).toBe(registered.data!.registerPlayer.player.id);

      const longer = await graphql(service.url, LOGIN, { input: { email: 'edge@example.org', password: `${seventyTwoBytes}!` } });
      expect(longer.data).toBeNull();
      expect(longer.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.password', rule: 'max-bytes' });

      const lastByteDiffers = await graphql(service.url, LOGIN, { input: { email: 'edge@example.org', password: seventyTwoBytes.slice(0, -1) + 'c' } });
      expect(lastByteDiffers.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });

    it('checks an unknown email against a hash too, so it costs what a wrong password costs', async () => {
      const hasher = service.app.get(PasswordHasher);
      const compare = jest.spyOn(hasher, 'compare');
      try {
        const unknown = await graphql(service.url, LOGIN, { input: { email: 'ghost@example.org', password: 'correct horse' } });
        expect(unknown.errors![0]).toMatchObject({ message: 'Email or password is wrong', extensions: { code: 'UNAUTHENTICATED' } });
        expect(compare).toHaveBeenCalledTimes(1);
        expect(compare).toHaveBeenCalledWith('correct horse', PasswordHasher.dummyHash());

        const wrong = await graphql(service.url, LOGIN, { input: { email: 'ana@example.org', password: 'correct horsE' } });
        expect(wrong.errors![0]).toEqual(unknown.errors![0]);
        expect(compare).toHaveBeenCalledTimes(2);
        expect(compare.mock.calls[1][1]).not.toBe(PasswordHasher.dummyHash());
      } finally {
        compare.mockRestore();
      }
    });
  });

  describe('removing an account', () => {
    let token: string;
    let playerId: string;

    beforeAll(async () => {
      const registered = await graphql(service.url, REGISTER, {
        input: { email: 'leaving@example.org', password: 'goodbye all', displayName: 'Leaving' },
      });
      token = registered.data!.registerPlayer.accessToken;
      playerId = registered.data!.registerPlayer.player.id;
    });

    it('needs a token and the current password, and removes nothing otherwise', async () => {
      const before = await playerCount();
      const anonymous = await graphql(service.url, DELETE, { input: { password: 'goodbye all' } });
      expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      const wrong = await graphql(service.url, DELETE, { input: { password: 'hello again' } }, token);
      expect(wrong.errors![0].extensions).toEqual({ code: 'FORBIDDEN' });
      expect(wrong.data).toBeNull();
      expect(await playerCount()).toBe(before);
      expect((await graphql(service.url, '{ me { id } }', {}, token)).data!.me).toEqual({ id: playerId });
    });

    it('removes the player, and the token it held is UNAUTHENTICATED from then on', async () => {
      const before = await playerCount();
      const removed = await graphql(service.url, DELETE, { input: { password: 'goodbye all' } }, token);
      expect(removed.errors).toBeUndefined();
      expect(removed.data!.deleteMyAccount.playerId).toBe(playerId);
      expect(await playerCount()).toBe(before - 1);

      const me = await graphql(service.url, '{ me { id } }', {}, token);
      expect(me.data!.me).toBeNull();
      expect(me.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
      const again = await graphql(service.url, DELETE, { input: { password: 'goodbye all' } }, token);
      expect(again.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
      const login = await graphql(service.url, LOGIN, { input: { email: 'leaving@example.org', password: 'goodbye all' } });
      expect(login.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });

    it('answers a token for a player who never existed with UNAUTHENTICATED everywhere in accounts, storing nothing', async () => {
      const forged = service.app.get(TokenService).issue('player-who-never-was').accessToken;
      const groups = async () => Number((await service.app.get(DataSource).query('SELECT COUNT(*) AS n FROM play_groups'))[0].n);
      const before = await groups();
      const me = await graphql(service.url, '{ me { id } }', {}, forged);
      expect(me.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
      const create = await graphql(service.url, 'mutation { createGroup(input: { name: "Nobody’s" }) { id } }', {}, forged);
      expect(create.data).toBeNull();
      expect(create.errors![0]).toMatchObject({ message: expect.stringMatching(/no existing player/), extensions: { code: 'UNAUTHENTICATED' } });
      expect(await groups()).toBe(before);
    });
  });

  it('never leaks a stack trace', async () => {
    const response = await graphql(service.url, '{ me { id ');
    expect(response.errors![0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    expect(JSON.stringify(response)).not.toMatch(/stacktrace|at .*\.js/);
  });
});
