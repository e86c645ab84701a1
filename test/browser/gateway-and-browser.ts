import { Browser } from 'playwright-core';
import { RunningService, startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../../services/gateway/src/gateway.app';
import { clockSubgraph } from '../../services/gateway/src/testing/test-subgraphs';
import { TestSubgraph, TestSupergraph } from '../../services/gateway/src/testing/test-supergraph';
import { launchSystemChromium } from './system-chromium';

/** A real gateway in front of the small clock subgraph, and Debian's Chromium to open its pages. */
export interface GatewayAndBrowser {
  readonly gateway: RunningService;
  readonly browser: Browser;
  stop(): Promise<void>;
}

/**
 * Starts both at once, for specs that need a gateway's own behaviour (its
 * pages, its limits) rather than the whole platform. If either fails, what
 * did start is stopped before the failure is reported, so Jest can exit.
 */
export async function startGatewayAndBrowser(isolation: TestIsolation, env: Record<string, string>): Promise<GatewayAndBrowser> {
  const clock = await TestSubgraph.start(clockSubgraph);
  const supergraph = new TestSupergraph([clock]);
  const [started, launched] = await Promise.allSettled([
    startService(gatewayApp, isolation.postgresEnv('gateway', { SUPERGRAPH_PATH: supergraph.path, ...env })),
    launchSystemChromium(),
  ]);
  const stop = async () => {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    await clock.stop();
    supergraph.remove();
  };
  for (const outcome of [started, launched]) {
    if (outcome.status === 'rejected') {
      await stop();
      throw outcome.reason;
    }
  }
  return { gateway: (started as PromiseFulfilledResult<RunningService>).value, browser: (launched as PromiseFulfilledResult<Browser>).value, stop };
}
