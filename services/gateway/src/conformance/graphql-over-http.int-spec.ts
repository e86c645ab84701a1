import { serverAudits } from 'graphql-http';
import { RunningService, startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';

const UNREACHABLE = 'http://127.0.0.1:9/graphql';

/**
 * The GraphQL-over-HTTP specification's own audits, run against the gateway
 * started the way `npm start` starts it. The audits only ask for
 * `__typename`, which the gateway answers without calling a subgraph.
 */
describe('the gateway against the GraphQL-over-HTTP audits', () => {
  const isolation = new TestIsolation();
  let gateway: RunningService;

  beforeAll(async () => {
    gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        ACCOUNTS_URL: UNREACHABLE,
        CONTENT_URL: UNREACHABLE,
        RULES_URL: UNREACHABLE,
        CAMPAIGNS_URL: UNREACHABLE,
        SCORING_URL: UNREACHABLE,
      }),
    );
  });

  afterAll(async () => {
    await gateway?.stop();
    await isolation.cleanUp();
  });

  const audits = serverAudits({ url: () => `${gateway.url}/graphql` });

  it.each(audits.filter((audit) => !audit.name.startsWith('MAY')).map((audit) => [audit.name, audit] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    const failure = result.status === 'ok' ? undefined : `${result.status}: ${result.reason}`;
    expect(failure).toBeUndefined();
  });
});
