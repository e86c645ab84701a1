import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, RunningService, startService, verifyGatewaySignature } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';
import { clockSubgraph, ledgerSubgraph } from '../testing/test-subgraphs';
import { TestSubgraph, TestSupergraph } from '../testing/test-supergraph';

const SIGNING_SECRET = 'partial-failure-signing-secret-0123456789';
const TIMEOUT_MS = 1_000;

interface Scenario {
  readonly clock: TestSubgraph;
  readonly ledger: TestSubgraph;
  readonly gateway: RunningService;
}

/**
 * Two real subgraphs under a running gateway, one of which is then stopped
 * or frozen: the other's fields still arrive, and the failed part says
 * which service failed, where, and with a code.
 */
describe('the gateway when a subgraph fails', () => {
  const isolation = new TestIsolation();
  const cleanups: (() => Promise<void> | void)[] = [];

  async function scenario(): Promise<Scenario> {
    const clock = await TestSubgraph.start(clockSubgraph);
    const ledger = await TestSubgraph.start(ledgerSubgraph);
    const supergraph = new TestSupergraph([clock, ledger]);
    const gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        SUPERGRAPH_PATH: supergraph.path,
        SUBGRAPH_TIMEOUT_MS: String(TIMEOUT_MS),
        GATEWAY_SIGNING_SECRET: SIGNING_SECRET,
        RATE_LIMIT_PER_MINUTE: '0',
      }),
    );
    cleanups.push(
      () => gateway.stop(),
      () => clock.stop().catch(() => undefined),
      () => ledger.stop().catch(() => undefined),
      () => supergraph.remove(),
    );
    return { clock, ledger, gateway };
  }

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  afterAll(() => isolation.cleanUp());

  it('answers from both subgraphs, signing every call so the subgraph can verify it', async () => {
    const { clock, ledger, gateway } = await scenario();
    const response = await graphql(gateway.url, '{ serverTime entries { id note { text } } }');
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({
      serverTime: '12:00',
      entries: [
        { id: 'e1', note: { text: 'first note' } },
        { id: 'e2', note: { text: 'first note' } },
      ],
    });
    const calls = [...clock.received, ...ledger.received];
    expect(calls.length).toBeGreaterThanOrEqual(3); // root fields from each, then the notes as entities
    for (const { headers, body } of calls) {
      expect(headers[GATEWAY_CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
      expect(verifyGatewaySignature(SIGNING_SECRET, headers[GATEWAY_SIGNATURE_HEADER], body, '127.0.0.1')).toEqual({ valid: true });
    }
  });

  it('never passes on signature or address headers a client sends, only its own', async () => {
    const { clock, gateway } = await scenario();
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GATEWAY_CLIENT_ADDRESS_HEADER]: '198.51.100.23',
        [GATEWAY_SIGNATURE_HEADER]: 't=1,v1=' + '0'.repeat(64),
      },
      body: JSON.stringify({ query: '{ serverTime }' }),
    });
    expect(response.status).toBe(200);
    const { headers, body } = clock.received.at(-1)!;
    expect(headers[GATEWAY_CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(verifyGatewaySignature(SIGNING_SECRET, headers[GATEWAY_SIGNATURE_HEADER], body, '127.0.0.1')).toEqual({ valid: true });
  });

  it('serves the other subgraph’s fields when one is stopped, with SERVICE_UNAVAILABLE at the failed field', async () => {
    const { clock, gateway } = await scenario();
    await clock.stop();
    const response = await graphql(gateway.url, '{ serverTime entries { id amount } }');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ serverTime: null, entries: [{ id: 'e1', amount: 3 }, { id: 'e2', amount: 5 }] });
    expect(response.errors).toEqual([
      {
        message: 'The clock service could not be reached; the fields it serves are missing from this answer',
        path: ['serverTime'],
        extensions: { code: 'SERVICE_UNAVAILABLE', service: 'clock' },
      },
    ]);
    // The limits report's figures (`"costLimit":5000`) are not addresses; what the failure says is.
    expect(JSON.stringify({ data: response.data, errors: response.errors })).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:\d{4,5}/);
  });

  it('places the error at each entity the stopped subgraph should have completed', async () => {
    const { clock, gateway } = await scenario();
    await clock.stop();
    const response = await graphql(gateway.url, '{ entries { id note { text } } }');
    expect(response.data).toEqual({ entries: [{ id: 'e1', note: null }, { id: 'e2', note: null }] });
    expect(response.errors!.map((error) => [error.path, error.extensions!.code])).toEqual([
      [['entries', 0, 'note'], 'SERVICE_UNAVAILABLE'],
      [['entries', 1, 'note'], 'SERVICE_UNAVAILABLE'],
    ]);
  });

  it('answers within the subgraph timeout when one is frozen, saying it did not answer in time', async () => {
    const { clock, gateway } = await scenario();
    clock.freeze();
    const started = Date.now();
    const response = await graphql(gateway.url, '{ serverTime entries { id } }');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_500);
    expect(response.data).toEqual({ serverTime: null, entries: [{ id: 'e1' }, { id: 'e2' }] });
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0]).toMatchObject({ path: ['serverTime'], extensions: { code: 'SERVICE_UNAVAILABLE', service: 'clock' } });
    expect(response.errors![0].message).toMatch(/^The clock service did not answer in time/);
  });

  it('reports a null where the schema promises none as an error with a code and path, not a silent null', async () => {
    const { gateway } = await scenario();
    const response = await graphql(gateway.url, '{ pinned { id note { id text } } entries { id } }');
    expect(response.data).toEqual({ pinned: null, entries: [{ id: 'e1' }, { id: 'e2' }] });
    expect(response.errors).toEqual([
      {
        message: 'Cannot return null for non-nullable field Note.text.',
        path: ['pinned', 'note', 'text'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      },
    ]);
  });
});
