import { Injectable, OnModuleInit, Inject } from '@nestjs/common';
import { APP_CONFIG, GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, HealthRegistry, signGatewayRequest } from '@scriptbook/platform';
import { GatewayConfig, subgraphUrls } from '../gateway.config';

const PROBE = JSON.stringify({ query: '{ __typename }' });

/** The gateway is ready when every subgraph answers a trivial query, signed like any other call. */
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
          headers: { 'content-type': 'application/json', ...this.signatureHeaders() },
          body: PROBE,
          signal: AbortSignal.timeout(1_500),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      });
    }
  }

  private signatureHeaders(): Record<string, string> {
    return { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(this.config.GATEWAY_SIGNING_SECRET, PROBE), [GATEWAY_CLIENT_ADDRESS_HEADER]: '' };
  }
}
