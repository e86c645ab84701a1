import { RunningService, startService } from '@scriptbook/platform';
import { GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform/auth/gateway-signature';
import { TEST_GATEWAY_SIGNING_SECRET, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { rulesApp } from '../../../rules/src/rules.app';
import { gatewayApp } from '../gateway.app';

type Errors = { message: string; extensions?: Record<string, unknown> }[];

async function post(url: string, query: string, variables: Record<string, unknown> | string = {}): Promise<{ status: number; errors?: Errors }> {
  // Variables as text carry what JSON.stringify cannot write, such as 1e400.
  const body = typeof variables === 'string' ? `{"query":${JSON.stringify(query)},"variables":${variables}}` : JSON.stringify({ query, variables });
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body) },
    body,
  });
  return { status: response.status, ...((await response.json()) as { errors?: Errors }) };
}

const SCENARIO = 'stalker-zs:scenario:elimination';
/** Nothing listens on the discard port: the subgraphs this test leaves out answer nothing. */
const UNREACHABLE = 'http://127.0.0.1:9/graphql';

/** An argument that does not fit names the input path and the rule, through the gateway and at the rules subgraph alike. */
describe('arguments of the wrong type for a rule procedure', () => {
  const isolation = new TestIsolation();
  let rules: RunningService;
  let gateway: RunningService;

  beforeAll(async () => {
    rules = await startService(rulesApp, isolation.postgresEnv('rules'));
    gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', {
        RULES_URL: `${rules.url}/graphql`,
        ACCOUNTS_URL: UNREACHABLE,
        CONTENT_URL: UNREACHABLE,
        CAMPAIGNS_URL: UNREACHABLE,
        SCORING_URL: UNREACHABLE,
        RATE_LIMIT_PER_MINUTE: '0',
      }),
    );
  });

  afterAll(async () => {
    await gateway?.stop();
    await rules?.stop();
    await isolation.cleanUp();
  });

  it('names input.stalkerCount and rule type for the literal "two"', async () => {
    const query = `{ zoneSurvivalSetup(input: { scenarioId: "${SCENARIO}", stalkerCount: "two" }) { seed } }`;
    for (const url of [gateway.url, rules.url]) {
      const answer = await post(url, query);
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message: '"input.stalkerCount" expects Int!: Int cannot represent non-integer value: "two"',
          extensions: { code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'type' },
        }),
      ]);
    }
  });

  it('names input.stalkerCount for a variable declared with the wrong type, and the variable path for a value that does not fit', async () => {
    const declared = `query ($count: String!) { zoneSurvivalSetup(input: { scenarioId: "${SCENARIO}", stalkerCount: $count }) { seed } }`;
    const whole = 'query ($input: ZoneSurvivalSetupInput!) { zoneSurvivalSetup(input: $input) { seed } }';
    for (const url of [gateway.url, rules.url]) {
      const wrongDeclaration = await post(url, declared, { count: '2' });
      expect(wrongDeclaration.status).toBe(400);
      expect(wrongDeclaration.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'type' });
      const wrongValue = await post(url, whole, { input: { scenarioId: SCENARIO, stalkerCount: 'two' } });
      expect(wrongValue.status).toBe(400);
      expect(wrongValue.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.stalkerCount', rule: 'type' });
      const missing = await post(url, `{ zoneSurvivalSetup(input: { scenarioId: "${SCENARIO}" }) { seed } }`);
      expect(missing.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'required' });
    }
  });

  it('names rngState.s0 for a Float too large for a double, written or sent as a variable, through the gateway and at the rules subgraph', async () => {
    const written = '{ replay(procedureId: "dice.roll", input: "{}", rngState: { s0: 1e400, s1: 0.5, s2: 0.5, c: 1 }) { seed } }';
    const sent = 'query ($r: RngStateInput) { replay(procedureId: "dice.roll", input: "{}", rngState: $r) { seed } }';
    for (const url of [gateway.url, rules.url]) {
      const literal = await post(url, written);
      expect(literal.status).toBe(400);
      expect(literal.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^"rngState\.s0" expects Float!: Float cannot represent a number beyond what a double holds/),
          extensions: { code: 'BAD_USER_INPUT', field: 'rngState.s0', rule: 'type' },
        }),
      ]);
      const variable = await post(url, sent, '{"r":{"s0":-1e400,"s1":0.5,"s2":0.5,"c":1}}');
      expect(variable.status).toBe(400);
      expect(variable.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: '$r.s0', rule: 'type' } })]);
    }
  });

  it('names the place inside a JSON argument that holds a number too large for a double, before the gateway plans or forwards it', async () => {
    const push = (args: string) =>
      `mutation${args === '$args' ? ' ($args: JSON)' : ''} { pushCampaignActions(input: { campaignId: "c", clientId: "device-1", actions: [{ seq: 1, name: "adjust-level", args: ${args} }] }) { __typename } }`;
    const literal = await post(gateway.url, push('{ deck: [1, 1e400] }'));
    expect(literal.status).toBe(400);
    expect(literal.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: 'input.actions[0].args.deck[1]', rule: 'type' } }),
    ]);
    // JSON.parse reads 1e400 as Infinity, which the gateway would forward as null.
    const variable = await post(gateway.url, push('$args'), '{"args":{"level":1e400}}');
    expect(variable.status).toBe(400);
    expect(variable.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field: '$args.level', rule: 'type' } })]);
  });
});
