import Redis from 'ioredis';
import { ServiceDefinition, startService, TokenService } from '@scriptbook/platform';
import { startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../services/gateway/src/testing/gateway-over-live-subgraphs';

/** A subgraph a test starts in a process of its own: Nest's type registry is one per process, and subgraphs declare their own views of each other's entities. */
export interface LayerProcess {
  readonly entrypoint: string;
  readonly env?: Record<string, string>;
}

/** The subgraphs that serve what a game descriptor describes: campaigns in the test's process (it issues the test's token), the others in their own. */
export interface GameLayerApps {
  readonly content: LayerProcess;
  readonly rules: LayerProcess;
  readonly scoring: LayerProcess;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly campaigns: ServiceDefinition<any>;
}

export interface LayersBehindGateway {
  /** The gateway's URL: every question goes through the composed supergraph. */
  readonly url: string;
  /** An access token of a signed-in player, for what campaigns serve only to players. */
  readonly token: string;
  stop(): Promise<void>;
}

/**
 * Starts content, rules, campaigns and scoring as given, each on its own
 * schema and the test's Redis prefix, and the real gateway over a
 * supergraph composed from what they serve, as a deploy would.
 */
export async function startLayersBehindGateway(isolation: TestIsolation, apps: GameLayerApps): Promise<LayersBehindGateway> {
  const redis = new Redis(TEST_REDIS_URL);
  const writer = new MembershipWriter(redis, isolation.redisPrefix);
  await writer.finishRebuild(await writer.startRebuild());
  const started: { stop(): Promise<void> }[] = [];
  let gateway: GatewayOverLiveSubgraphs | undefined;
  const stop = async () => {
    await gateway?.stop();
    await Promise.all(started.map((service) => service.stop()));
    await redis.quit();
  };
  try {
    const spawned = (name: 'content' | 'rules' | 'scoring') =>
      startServiceProcess(apps[name].entrypoint, isolation.postgresEnv(name, apps[name].env)).then((service) => {
        started.push(service);
        return service;
      });
    const [content, rules, scoring] = await Promise.all([spawned('content'), spawned('rules'), spawned('scoring')]);
    const campaigns = await startService(apps.campaigns, isolation.postgresEnv('campaigns'));
    started.push(campaigns);
    gateway = await startGatewayOverLiveSubgraphs(isolation, { content, rules, campaigns, scoring });
    const token = campaigns.app.get(TokenService).issue('player-layers').accessToken;
    return { url: gateway.gateway.url, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
