import { createScriptbookClient, FetchLike, memoryKeystore, memoryStore, NetworkError, ScriptbookClient, SignedOutEvent } from '@scriptbook/client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../../services/gateway/src/testing/gateway-over-live-subgraphs';

jest.setTimeout(60_000);

/**
 * A phone that loses its connection while a refresh is on the way: the
 * server has exchanged the refresh token, but the answer never arrives. The
 * device still holds the old token and sends it again. That is a retry,
 * not a thief's replay, and must not sign the player out.
 */
describe('a refresh whose answer was lost, against the real accounts subgraph behind the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: ServiceProcess;
  let gateway: GatewayOverLiveSubgraphs;
  let client: ScriptbookClient;
  let dropNextRefreshAnswer = false;
  const exchanged: string[] = [];

  /** Sends every request; the answer of a refresh is read on the server's side and then lost when asked. */
  const fetchThatLosesAnswers: FetchLike = async (url, init) => {
    const response = await fetch(url, init as RequestInit);
    const isRefresh = typeof init.body === 'string' && init.body.includes('refreshSession');
    if (isRefresh) exchanged.push(String(JSON.parse(init.body as string).variables.refreshToken));
    if (isRefresh && dropNextRefreshAnswer) {
      dropNextRefreshAnswer = false;
      await response.text();
      throw new TypeError('fetch failed: connection reset');
    }
    return response;
  };

  beforeAll(async () => {
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts });
    client = await createScriptbookClient({
      endpoint: `${gateway.gateway.url}/graphql`,
      keystore: memoryKeystore(),
      store: memoryStore(),
      fetch: fetchThatLosesAnswers,
      webSocket: null,
      connectivity: null,
    });
  });

  afterAll(async () => {
    await client?.close();
    await gateway?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('retries with the same refresh token, gets a working pair and stays signed in', async () => {
    const signedOut: SignedOutEvent[] = [];
    client.onSignedOut((event) => signedOut.push(event));
    const first = await client.signInWithDevice({ displayName: 'Ana' });

    dropNextRefreshAnswer = true;
    await expect(client.refreshSession()).rejects.toBeInstanceOf(NetworkError);
    expect(client.session?.refreshToken).toBe(first.refreshToken);

    const retried = await client.refreshSession();
    expect(exchanged).toEqual([first.refreshToken, first.refreshToken]);
    expect(retried.refreshToken).not.toBe(first.refreshToken);
    expect((await client.myGroups()).map((group) => group.kind)).toEqual(['PERSONAL']);

    // The retry's token is the session's live one: the next refresh works too.
    const next = await client.refreshSession();
    expect(exchanged.at(-1)).toBe(retried.refreshToken);
    expect(next.player.id).toBe(first.player.id);
    expect(signedOut).toEqual([]);
  });
});
