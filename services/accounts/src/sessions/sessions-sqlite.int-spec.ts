import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { hashSecret } from '../devices/device-id';
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

    const rotated = (await graphql(service.url, REFRESH, { token: first.refreshToken })).data!.refreshSession;
    expect(refusal(await graphql(service.url, REFRESH, { token: rotated.refreshToken }))).toBeUndefined();
    expect(refusal(await graphql(service.url, REFRESH, { token: first.refreshToken }))).toMatchObject({ rule: 'reused' });
    expect((await graphql(service.url, REFRESH, { token: second.refreshToken })).errors).toBeUndefined();

    // A retry of a lost answer: SQLite runs the two transactions one after the other, so the second is always the retry.
    const third = await deviceSession(service.url, deviceId);
    const answers = await Promise.all([graphql(service.url, REFRESH, { token: third.refreshToken }), graphql(service.url, REFRESH, { token: third.refreshToken })]);
    expect(answers.map((answer) => refusal(answer)?.rule ?? 'rotated')).toEqual(['rotated', 'rotated']);
    const tokens = answers.map((answer) => hashSecret(answer.data!.refreshSession.refreshToken as string));
    // One of the two answers holds the session's one live token; the other's was voided by the retry.
    const live: { token_hash: string }[] = await service.app.get(DataSource).query('SELECT token_hash FROM refresh_tokens WHERE session_id = ? AND replaced_at IS NULL', [
      (jwt.decode(answers[0].data!.refreshSession.accessToken) as { sid: string }).sid,
    ]);
    expect(live).toHaveLength(1);
    expect(tokens).toContain(live[0].token_hash);
  });
});
