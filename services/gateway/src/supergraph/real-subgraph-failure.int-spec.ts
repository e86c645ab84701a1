import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../../accounts/src/accounts.app';
import { rulesApp } from '../../../rules/src/rules.app';
import { gatewayApp } from '../gateway.app';

const UNREACHABLE = 'http://127.0.0.1:9/graphql';
const TIMEOUT_MS = 1_000;
// `me` (accounts) may be null; `rollDice` (rules) is the part that must survive.
const QUERY = '{ me { id } rollDice(input: { die: D6, count: 3, seed: "partial" }) { seed } }';

/** A TCP server that accepts every connection and never says a word. */
async function frozenServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The platform's own accounts and rules subgraphs under a running gateway:
 * with accounts stopped or frozen, the dice still arrive and `me` carries
 * SERVICE_UNAVAILABLE.
 */
describe('the gateway over the real subgraphs when one fails', () => {
  const isolation = new TestIsolation();
  let rules: RunningService;

  const gatewayOver = (accountsUrl: string) =>
    startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        ACCOUNTS_URL: accountsUrl,
        RULES_URL: `${rules.url}/graphql`,
        CONTENT_URL: UNREACHABLE,
        CAMPAIGNS_URL: UNREACHABLE,
        SCORING_URL: UNREACHABLE,
        SUBGRAPH_TIMEOUT_MS: String(TIMEOUT_MS),
        RATE_LIMIT_PER_MINUTE: '0',
      }),
    );

  beforeAll(async () => {
    rules = await startService(rulesApp, isolation.postgresEnv('rules'));
  });

  afterAll(async () => {
    await rules?.stop();
    await isolation.cleanUp();
  });

  it('keeps the rules answer when accounts is stopped under it', async () => {
    const accounts = await startService(accountsApp, isolation.postgresEnv('accounts'));
    const gateway = await gatewayOver(`${accounts.url}/graphql`);
    try {
      const before = await graphql(gateway.url, QUERY);
      expect(before.errors).toBeUndefined();
      expect(before.data!.me).toBeNull();
      expect(before.data!.rollDice).toEqual({ seed: 'partial' });

      await accounts.stop();
      const after = await graphql(gateway.url, QUERY);
      expect(after.data).toEqual({ me: null, rollDice: { seed: 'partial' } });
      expect(after.errors).toEqual([
        {
          message: 'The accounts service could not be reached; the fields it serves are missing from this answer',
          path: ['me'],
          extensions: { code: 'SERVICE_UNAVAILABLE', service: 'accounts' },
        },
      ]);
    } finally {
      await gateway.stop();
      await accounts.stop();
    }
  });

  it('keeps the rules answer when accounts is frozen, and answers within the subgraph timeout', async () => {
    const frozen = await frozenServer();
    const gateway = await gatewayOver(frozen.url);
    try {
      const started = Date.now();
      const response = await graphql(gateway.url, QUERY);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_500);
      expect(response.data!.me).toBeNull();
      expect(response.data!.rollDice).toEqual({ seed: 'partial' });
      expect(response.errors).toHaveLength(1);
      expect(response.errors![0]).toMatchObject({ path: ['me'], extensions: { code: 'SERVICE_UNAVAILABLE', service: 'accounts' } });
      expect(response.errors![0].message).toMatch(/^The accounts service did not answer in time/);
      expect(JSON.stringify(response)).not.toContain(frozen.url.split('/')[2]);
    } finally {
      await gateway.stop();
      await frozen.close();
    }
  });
});
