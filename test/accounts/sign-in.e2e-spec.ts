import { composeServices } from '@apollo/composition';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'graphql';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../services/accounts/src/accounts.app';
import { gatewayApp } from '../../services/gateway/src/gateway.app';
import { LINK_EMAIL, LOGIN, newDeviceId, REFRESH, SIGN_IN_WITH_DEVICE } from '../../services/accounts/src/sessions/session-test-kit';

const UNREACHABLE = 'http://127.0.0.1:9/graphql';
const ME = '{ me { id displayName hasEmail } }';

/**
 * The sign-in flows a companion app implements, through the real gateway,
 * over a supergraph composed from the accounts subgraph this source serves
 * (the checked-in SDL is regenerated separately).
 */
describe('signing in on several devices through the gateway', () => {
  const isolation = new TestIsolation();
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-sign-in-e2e-'));
  let accounts: RunningService;
  let gateway: RunningService;

  beforeAll(async () => {
    accounts = await startService(accountsApp, isolation.postgresEnv('accounts'));
    const sdl = (await graphql(accounts.url, '{ _service { sdl } }')).data!._service.sdl as string;
    const composed = composeServices([{ name: 'accounts', typeDefs: parse(sdl), url: `${accounts.url}/graphql` }]);
    if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
    const supergraphPath = join(dir, 'supergraph.graphql');
    writeFileSync(supergraphPath, composed.supergraphSdl);
    gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        SUPERGRAPH_PATH: supergraphPath,
        ACCOUNTS_URL: `${accounts.url}/graphql`,
        CONTENT_URL: UNREACHABLE,
        RULES_URL: UNREACHABLE,
        CAMPAIGNS_URL: UNREACHABLE,
        SCORING_URL: UNREACHABLE,
        RATE_LIMIT_PER_MINUTE: '0',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await accounts?.stop();
    rmSync(dir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  const call = (query: string, variables: Record<string, unknown> = {}, token?: string) => graphql(gateway.url, query, variables, token);

  it('a device signs in with no form, links an email, and a second device signing in with that email sees the same player', async () => {
    const phone = await call(SIGN_IN_WITH_DEVICE, { input: { deviceId: newDeviceId(), displayName: 'Ana', deviceName: 'Phone' } });
    expect(phone.errors).toBeUndefined();
    const phoneSession = phone.data!.signInWithDevice;
    expect(phoneSession.player).toMatchObject({ displayName: 'Ana', hasEmail: false });

    const email = `ana-${isolation.id}@example.org`;
    const linked = await call(LINK_EMAIL, { input: { email, password: 'correct horse' } }, phoneSession.accessToken);
    expect(linked.errors).toBeUndefined();

    const tablet = await call(LOGIN, { input: { email, password: 'correct horse' } });
    expect(tablet.errors).toBeUndefined();
    const tabletSession = tablet.data!.login;

    const seenByPhone = await call(ME, {}, phoneSession.accessToken);
    const seenByTablet = await call(ME, {}, tabletSession.accessToken);
    expect(seenByPhone.data!.me).toEqual({ id: phoneSession.player.id, displayName: 'Ana', hasEmail: true });
    expect(seenByTablet.data!.me).toEqual(seenByPhone.data!.me);

    const sessions = await call('{ mySessions { edges { node { signInMethod deviceLabel current } } } }', {}, tabletSession.accessToken);
    expect(sessions.data!.mySessions.edges.map((edge: any) => edge.node)).toEqual([
      { signInMethod: 'EMAIL', deviceLabel: null, current: true },
      { signInMethod: 'DEVICE', deviceLabel: 'Phone', current: false },
    ]);

    const refreshed = await call(REFRESH, { token: phoneSession.refreshToken });
    expect(refreshed.data!.refreshSession.player.id).toBe(phoneSession.player.id);
    const replayed = await call(REFRESH, { token: phoneSession.refreshToken });
    expect(replayed.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
    expect((await call(ME, {}, tabletSession.accessToken)).data!.me.id).toBe(phoneSession.player.id);
  });

  it('refuses a short device id at the gateway with the field and rule', async () => {
    const response = await call(SIGN_IN_WITH_DEVICE, { input: { deviceId: 'short' } });
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.deviceId', rule: 'min' });
  });
});
