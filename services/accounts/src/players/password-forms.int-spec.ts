import bcrypt from 'bcryptjs';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { deviceSession, LINK_EMAIL, newDeviceId } from '../sessions/session-test-kit';
import { PasswordHasher } from './password-hasher';
import { PlayerEntity } from './player.entity';

jest.setTimeout(30_000);

const REGISTER = `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken player { id } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { player { id } } }`;
const DELETE = `mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { playerId } }`;

/** One password, as a phone that composes accents types it and as one that sends a letter and a combining accent. */
const COMPOSED = 'crème brûlée à côté';
const DECOMPOSED = COMPOSED.normalize('NFD');

/**
 * The same password typed on two keyboards can arrive as different code
 * points. Every path that sets or checks a password compares the NFC form,
 * and accounts whose hash was made before that, from whatever form was
 * typed then, still log in (and get an NFC hash on the way).
 */
describe('passwords typed in different Unicode forms', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let address = 0;
  const call = (query: string, variables: Record<string, unknown>, token?: string) =>
    graphql(service.url, query, variables, token, { clientAddress: `192.0.2.${(address += 1)}` });
  const emailFor = (name: string) => `${name}-${isolation.id}@example.org`;
  const storedHash = async (email: string) => (await dataSource.getRepository(PlayerEntity).findOneByOrFail({ email })).passwordHash!;

  beforeAll(async () => {
    expect(DECOMPOSED).not.toBe(COMPOSED);
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it.each([
    ['composed', COMPOSED, 'decomposed', DECOMPOSED],
    ['decomposed', DECOMPOSED, 'composed', COMPOSED],
  ])('signs up with the %s form and logs in with the %s one', async (_set, setForm, _typed, typedForm) => {
    const email = emailFor(`signup-${setForm === COMPOSED ? 'nfc' : 'nfd'}`);
    const registered = await call(REGISTER, { input: { email, password: setForm, displayName: 'Ana' } });
    expect(registered.errors).toBeUndefined();
    const login = await call(LOGIN, { input: { email, password: typedForm } });
    expect(login.errors).toBeUndefined();
    expect(login.data!.login.player.id).toBe(registered.data!.registerPlayer.player.id);
    expect(await bcrypt.compare(COMPOSED, await storedHash(email))).toBe(true);
  });

  it('links an email with one form, then logs in and removes the account with the other', async () => {
    const device = await deviceSession(service.url, newDeviceId());
    const email = emailFor('linked');
    expect((await call(LINK_EMAIL, { input: { email, password: DECOMPOSED } }, device.accessToken)).errors).toBeUndefined();
    expect((await call(LOGIN, { input: { email, password: COMPOSED } })).data!.login.player.id).toBe(device.player.id);
    const removed = await call(DELETE, { input: { password: COMPOSED } }, device.accessToken);
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.deleteMyAccount.playerId).toBe(device.player.id);
  });

  it('still logs in an account hashed from a decomposed password before normalization, in either form, and upgrades its hash', async () => {
    const email = emailFor('legacy');
    const registered = await call(REGISTER, { input: { email, password: 'placeholder password', displayName: 'Old' } });
    // What the service stored before passwords were normalized: a hash of the bytes as typed.
    await dataSource.getRepository(PlayerEntity).update({ email }, { passwordHash: await bcrypt.hash(DECOMPOSED, 10) });

    expect((await call(LOGIN, { input: { email, password: COMPOSED } })).data!.login.player.id).toBe(registered.data!.registerPlayer.player.id);
    const upgraded = await storedHash(email);
    expect(await bcrypt.compare(COMPOSED, upgraded)).toBe(true);

    const hasher = service.app.get(PasswordHasher);
    const compare = jest.spyOn(hasher, 'compare');
    try {
      expect((await call(LOGIN, { input: { email, password: DECOMPOSED } })).errors).toBeUndefined();
      expect(compare).toHaveBeenCalledTimes(1);
    } finally {
      compare.mockRestore();
    }
    expect(await storedHash(email)).toBe(upgraded);
  });

  it('costs a wrong password on a real account the same comparisons as an unknown email, whatever its form', async () => {
    const email = emailFor('timing');
    expect((await call(REGISTER, { input: { email, password: COMPOSED, displayName: 'Tim' } })).errors).toBeUndefined();
    const hasher = service.app.get(PasswordHasher);
    const compare = jest.spyOn(hasher, 'compare');
    try {
      const wrong = 'crème brûlée à coté'.normalize('NFD');
      const known = await call(LOGIN, { input: { email, password: wrong } });
      const knownComparisons = compare.mock.calls.length;
      const unknown = await call(LOGIN, { input: { email: emailFor('nobody'), password: wrong } });
      expect(unknown.errors![0]).toEqual(known.errors![0]);
      expect(knownComparisons).toBe(2);
      expect(compare.mock.calls.length - knownComparisons).toBe(knownComparisons);
    } finally {
      compare.mockRestore();
    }
  });
});
