import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { refusal } from '../groups/group-test-kit';
import { deviceSession, LINK_EMAIL, LOGIN, newDeviceId, REFRESH } from './session-test-kit';

/** `npm start` runs accounts on SQLite: device sign-in and sessions must hold there as on Postgres. */
describe('device sign-in and sessions on the embedded SQLite database', () => {
  const isolation = new TestIsolation();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'scriptbook-sessions-'));
  let service: RunningService;

  beforeAll(async () => {
    const { DATABASE_URL: _postgres, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('accounts');
    service = await startService(accountsApp, { ...env, SQLITE_DIR: sqliteDir });
  });

  afterAll(async () => {
    await service?.stop();
    rmSync(sqliteDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  it('signs a device in twice as one player, links an email, and rotates refresh tokens with reuse detection', async () => {
    const deviceId = newDeviceId();
    const [first, second] = await Promise.all([deviceSession(service.url, deviceId), deviceSession(service.url, deviceId)]);
    expect(second.player.id).toBe(first.player.id);

    const email = `sqlite-${isolation.id}@example.org`;
    expect(refusal(await graphql(service.url, LINK_EMAIL, { input: { email, password: 'correct horse' } }, first.accessToken))).toBeUndefined();
    const login = await graphql(service.url, LOGIN, { input: { email, password: 'correct horse' } });
    expect(login.data!.login.player.id).toBe(first.player.id);

    const answers = await Promise.all([graphql(service.url, REFRESH, { token: first.refreshToken }), graphql(service.url, REFRESH, { token: first.refreshToken })]);
    expect(answers.map((answer) => refusal(answer)?.rule ?? 'rotated').sort()).toEqual(['reused', 'rotated']);
    const winner = answers.find((answer) => !answer.errors)!.data!.refreshSession;
    expect(refusal(await graphql(service.url, REFRESH, { token: winner.refreshToken }))).toMatchObject({ rule: 'ended' });
    expect((await graphql(service.url, REFRESH, { token: second.refreshToken })).errors).toBeUndefined();
  });
});
