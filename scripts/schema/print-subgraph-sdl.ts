import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_SIGNATURE_HEADER, ServiceDefinition, signGatewayRequest, startService, SubgraphName } from '@scriptbook/platform';

type AnyService = ServiceDefinition<import('zod').ZodTypeAny>;

/** Loaded on demand: importing one subgraph must not register another's types. */
const APPS: Record<SubgraphName, () => Promise<AnyService>> = {
  accounts: async () => (await import('../../services/accounts/src/accounts.app')).accountsApp,
  content: async () => (await import('../../services/content/src/content.app')).contentApp,
  rules: async () => (await import('../../services/rules/src/rules.app')).rulesApp,
  campaigns: async () => (await import('../../services/campaigns/src/campaigns.app')).campaignsApp,
  scoring: async () => (await import('../../services/scoring/src/scoring.app')).scoringApp,
};

/**
 * Starts one subgraph as production does (on a throw-away SQLite file) and
 * prints the SDL it serves to the gateway. One process per subgraph: the
 * code-first type registry is global, and two subgraphs may each declare a
 * type of the same name (their own view of `Player`, say).
 */
async function main(name: SubgraphName): Promise<void> {
  if (!APPS[name]) throw new Error(`unknown subgraph "${name}"`);
  const app = await APPS[name]();
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-schema-'));
  // Throw-away secrets: this process is the subgraph's only caller, signing as the gateway does.
  const signingSecret = randomBytes(32).toString('hex');
  const service = await startService(app, {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SQLITE_DIR: dir,
    DATABASE_URL: undefined,
    REDIS_PREFIX: `schema-${process.pid}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    GATEWAY_SIGNING_SECRET: signingSecret,
  });
  try {
    const request = JSON.stringify({ query: '{ _service { sdl } }' });
    const response = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(signingSecret, request) },
      body: request,
    });
    const body = (await response.json()) as { data: { _service: { sdl: string } } };
    process.stdout.write(`${body.data._service.sdl.trim()}\n`);
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv[2] as SubgraphName).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
