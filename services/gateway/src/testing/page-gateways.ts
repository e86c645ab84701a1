import { RunningService, startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';
import { clockSubgraph } from './test-subgraphs';
import { TestSubgraph, TestSupergraph } from './test-supergraph';

/**
 * The three gateways a page's tests compare, in front of one small
 * subgraph: development (where a page is on by default), production (off
 * by default) and production with the page's setting turned on.
 */
export interface PageGateways {
  readonly development: RunningService;
  readonly production: RunningService;
  readonly productionEnabled: RunningService;
  stop(): Promise<void>;
}

/** `setting` is the page's switch: `EXPLORER_ENABLED`, `LEADERBOARD_PAGE_ENABLED`. */
export async function startPageGateways(isolation: TestIsolation, setting: string): Promise<PageGateways> {
  const clock = await TestSubgraph.start(clockSubgraph);
  const supergraph = new TestSupergraph([clock]);
  const env = (extra: Record<string, string>) => isolation.postgresEnv('gateway', { SUPERGRAPH_PATH: supergraph.path, ...extra });
  // Settled, not all: the ones that did start are stopped before the failure is reported.
  const started = await Promise.allSettled([
    startService(gatewayApp, env({ NODE_ENV: 'development' })),
    startService(gatewayApp, env({ NODE_ENV: 'production' })),
    startService(gatewayApp, env({ NODE_ENV: 'production', [setting]: 'true' })),
  ]);
  const gateways = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stop = async () => {
    for (const gateway of gateways) await gateway.stop();
    await clock.stop();
    supergraph.remove();
  };
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [development, production, productionEnabled] = gateways;
  return { development, production, productionEnabled, stop };
}
