import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../services/accounts/src/accounts.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../services/gateway/src/testing/gateway-over-live-subgraphs';
import { LINK_EMAIL, LOGIN, newDeviceId, REFRESH, SIGN_IN_WITH_DEVICE } from '../../services/accounts/src/sessions/session-test-kit';

const ME = '{ me { id displayName hasEmail } }';

/**
 * The sign-in flows a companion app implements, through the real gateway,
 * over a supergraph composed from the accounts subgraph this source serves
 * (the checked-in SDL is regenerated separately).
 */
describe('signing in on several devices through the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: RunningService;
  let gateway: RunningService;
  let gatewayRun: GatewayOverLiveSubgraphs;

  beforeAll(async () => {
    accounts = await startService(accountsApp, isolation.postgresEnv('accounts'));
    gatewayRun = await startGatewayOverLiveSubgraphs(isolation, { accounts });
    gateway = gatewayRun.gateway;
  }, 60_000);

  afterAll(async () => {
    await gatewayRun?.stop();
    await accounts?.stop();
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
    expect((await call(REFRESH, { token: refreshed.data!.refreshSession.refreshToken })).errors).toBeUndefined();
    const replayed = await call(REFRESH, { token: phoneSession.refreshToken });
    expect(replayed.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'reused' });
    expect((await call(ME, {}, tabletSession.accessToken)).data!.me.id).toBe(phoneSession.player.id);
  });

  it('refuses a short device id at the gateway with the field and rule', async () => {
    const response = await call(SIGN_IN_WITH_DEVICE, { input: { deviceId: 'short' } });
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.deviceId', rule: 'min' });
  });
});
