import 'reflect-metadata';
import { RunningService, startService } from '@scriptbook/platform';
import { contentApp } from '../../services/content/src/content.app';
import { gatewayApp } from '../../services/gateway/src/gateway.app';

/** Nothing listens here: subgraphs a benchmark does not query never get a request. */
const UNUSED_SUBGRAPH_URL = 'http://127.0.0.1:9/graphql';

const quietEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `bench-${process.pid}`,
  ...extra,
});

export interface ContentBehindGateway {
  readonly contentUrl: string;
  readonly gatewayUrl: string;
  stop(): Promise<void>;
}

/**
 * The content subgraph and the gateway in this process, the gateway with
 * its production limits but without the per-IP rate limit, which would
 * otherwise refuse a benchmark's traffic.
 */
export async function startContentBehindGateway(): Promise<ContentBehindGateway> {
  const content: RunningService = await startService(contentApp, quietEnv({}));
  const gateway: RunningService = await startService(
    gatewayApp,
    quietEnv({
      CONTENT_URL: `${content.url}/graphql`,
      ACCOUNTS_URL: UNUSED_SUBGRAPH_URL,
      RULES_URL: UNUSED_SUBGRAPH_URL,
      CAMPAIGNS_URL: UNUSED_SUBGRAPH_URL,
      SCORING_URL: UNUSED_SUBGRAPH_URL,
      RATE_LIMIT_PER_MINUTE: '0',
    }),
  );
  return {
    contentUrl: `${content.url}/graphql`,
    gatewayUrl: `${gateway.url}/graphql`,
    stop: async () => {
      await gateway.stop();
      await content.stop();
    },
  };
}
