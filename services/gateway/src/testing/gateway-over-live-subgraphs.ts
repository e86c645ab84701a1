import { composeServices } from '@apollo/composition';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'graphql';
import { RunningService, startService, SubgraphName, SUBGRAPHS } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';

/** Nothing listens on the discard port: a subgraph left out answers nothing. */
const UNREACHABLE = 'http://127.0.0.1:9/graphql';

export interface GatewayOverLiveSubgraphs {
  readonly gateway: RunningService;
  /** Stops the gateway and removes the composed supergraph; the subgraphs are the caller's. */
  stop(): Promise<void>;
}

/**
 * Starts the real gateway over a supergraph composed from what the given
 * running subgraphs serve now, so an end-to-end test exercises this source's
 * schema rather than the checked-in SDL. Subgraphs left out are unreachable.
 */
export async function startGatewayOverLiveSubgraphs(
  isolation: TestIsolation,
  subgraphs: Partial<Record<SubgraphName, Pick<RunningService, 'url'>>>,
  env: Record<string, string> = {},
): Promise<GatewayOverLiveSubgraphs> {
  const running = Object.entries(subgraphs) as [SubgraphName, Pick<RunningService, 'url'>][];
  const services = await Promise.all(
    running.map(async ([name, service]) => {
      const sdl = (await graphql(service.url, '{ _service { sdl } }')).data!._service.sdl as string;
      return { name, typeDefs: parse(sdl), url: `${service.url}/graphql` };
    }),
  );
  const composed = composeServices(services);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-supergraph-'));
  const supergraphPath = join(dir, 'supergraph.graphql');
  writeFileSync(supergraphPath, composed.supergraphSdl);
  const urls = Object.fromEntries(
    SUBGRAPHS.map((name) => [`${name.toUpperCase()}_URL`, subgraphs[name] ? `${subgraphs[name]!.url}/graphql` : UNREACHABLE]),
  );
  const gateway = await startService(
    gatewayApp,
    isolation.postgresEnv('gateway', { SUPERGRAPH_PATH: supergraphPath, RATE_LIMIT_PER_MINUTE: '0', ...urls, ...env }),
  );
  return {
    gateway,
    async stop() {
      await gateway.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
