import { Injectable, OnModuleInit, Inject } from '@nestjs/common';
import { APP_CONFIG, HealthRegistry } from '@scriptbook/platform';
import { GatewayConfig, subgraphUrls } from '../gateway.config';

/** The gateway is ready when every subgraph answers a trivial query. */
@Injectable()
export class SubgraphReadiness implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit(): void {
    for (const [name, url] of Object.entries(subgraphUrls(this.config))) {
      this.health.register(`subgraph:${name}`, async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
          signal: AbortSignal.timeout(1_500),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      });
    }
  }
}
