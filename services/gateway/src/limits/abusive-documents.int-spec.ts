import { getIntrospectionQuery } from 'graphql';
import { LOGGER, Logger, RunningService, startService } from '@scriptbook/platform';
import { GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform/auth/gateway-signature';
import { TEST_GATEWAY_SIGNING_SECRET, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { contentApp } from '../../../content/src/content.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../testing/gateway-over-live-subgraphs';

interface Answer {
  readonly status: number;
  readonly body: { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function post(url: string, payload: Record<string, unknown>, signed = false): Promise<Answer> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(signed ? { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body) } : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const DUPLICATES = (name: string) => `query ${name} { games { ${'name '.repeat(1_990)} } }`;

/**
 * Documents that cost a server far more than their size, and requests a
 * client got wrong, against the real gateway over the real content
 * subgraph: each is refused cheaply, with its rule, never as a 500.
 */
describe('abusive documents and mistaken requests at the gateway', () => {
  const isolation = new TestIsolation();
  let content: RunningService;
  let running: GatewayOverLiveSubgraphs;
  let url: string;
  const logged: unknown[] = [];

  beforeAll(async () => {
    content = await startService(contentApp, isolation.postgresEnv('content'));
    running = await startGatewayOverLiveSubgraphs(isolation, { content });
    url = running.gateway.url;
    jest.spyOn(running.gateway.app.get<Logger>(LOGGER), 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  });

  afterAll(async () => {
    await running?.stop();
    await content?.stop();
    await isolation.cleanUp();
  });

  beforeEach(() => {
    logged.length = 0;
  });

  const refused = (answer: Answer, rule: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ message: expect.any(String), extensions: { code: 'GRAPHQL_VALIDATION_FAILED', rule } }]);
    expect(answer.body.errors![0].message).not.toMatch(/syntax/i);
  };

  it('refuses one field repeated two thousand times without validating it, and answers a plain query sent among six of them', async () => {
    refused(await post(url, { query: DUPLICATES('U0') }), 'max-field-overlap');
    const attacks = Array.from({ length: 6 }, (_, i) => post(url, { query: DUPLICATES(`U${i + 1}`) }));
    const plain = await post(url, { query: '{ __typename }' });
    for (const answer of await Promise.all(attacks)) refused(answer, 'max-field-overlap');
    // Validating the six took the gateway 6.7 s of CPU; refusing them takes a walk over each document, which
    // bench/abuse-limits.ts measures against { __typename } (a timed assertion here would measure the machine).
    expect(plain.body).toEqual({ data: { __typename: 'Query' }, extensions: expect.anything() });
  });

  it('refuses nested repeats and a fragment spread over and over, and lets colocated fragments through', async () => {
    refused(await post(url, { query: `{ games { ${'scenarios { name name name name name name name name name name } '.repeat(12)} } }` }), 'max-field-overlap');
    refused(await post(url, { query: `{ games { ${'...G '.repeat(400)} } } fragment G on Game { id name }` }), 'max-field-overlap');
    const colocated = await post(url, {
      query: `query GamePage { games { id ...Header ...Scenarios ...Links } }
        fragment Header on Game { id name }
        fragment Scenarios on Game { id scenarios { id name } }
        fragment Links on Game { id name scenarios { id } }`,
    });
    expect(colocated.status).toBe(200);
    expect(colocated.body.errors).toBeUndefined();
    expect(colocated.body.data.games.length).toBeGreaterThan(0);
  });

  it('bounds introspection by the size of its answer: one type passes, the whole schema at once is refused', async () => {
    const narrow = await post(url, { query: '{ __type(name: "Game") { name fields { name } } }' });
    expect(narrow.body.data.__type.name).toBe('Game');
    refused(await post(url, { query: getIntrospectionQuery() }), 'max-introspection');
  });

  it('answers an operationName the document lacks, or a missing one, with 400 naming operationName; nothing is logged', async () => {
    const unknown = await post(url, { query: 'query A { games { id } }', operationName: 'B' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { message: 'No operation named "B". The document defines "A".', extensions: { code: 'BAD_USER_INPUT', field: 'operationName', rule: 'exists' } },
    ]);
    const ambiguous = await post(url, { query: 'query A { games { id } } query B { games { name } }' });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'operationName', rule: 'required' });
    expect(logged).toEqual([]);
  });

  it('refuses a subscription over HTTP with 400, pointing at /graphql/ws', async () => {
    const answer = await post(url, { query: 'subscription S { games { id } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { message: expect.stringContaining('/graphql/ws'), extensions: { code: 'BAD_USER_INPUT', field: 'query', rule: 'operation-type' } },
    ]);
    expect(logged).toEqual([]);
  });

  it('names the argument path and rule of a literal of the wrong type, at the gateway and at the subgraph', async () => {
    const query = '{ cards(filter: { name: 5 }, first: 3) { edges { cursor } } }';
    for (const answer of [await post(url, { query }), await post(content.url, { query }, true)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        {
          message: expect.stringContaining('"filter.name" expects String'),
          locations: expect.anything(),
          extensions: { code: 'BAD_USER_INPUT', field: 'filter.name', rule: 'type' },
        },
      ]);
    }
  });

  it('names the field and rule of a variable of the wrong type, declared or sent, at the gateway and at the subgraph', async () => {
    const declared = 'query ($first: String) { cards(first: $first) { edges { cursor } } }';
    for (const answer of [await post(url, { query: declared, variables: { first: '2' } }), await post(content.url, { query: declared, variables: { first: '2' } }, true)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'type' });
    }
    const sent = { query: 'query ($filter: CardFilter) { cards(filter: $filter) { edges { cursor } } }', variables: { filter: { name: 5 } } };
    for (const answer of [await post(url, sent), await post(content.url, sent, true)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$filter.name', rule: 'type' });
      expect(answer.body.errors![0].message).not.toContain('5');
    }
  });
});
