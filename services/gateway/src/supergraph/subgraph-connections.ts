import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@scriptbook/platform';
import { GatewayConfig, subgraphUrls } from '../gateway.config';
import { SubgraphDataSource } from './subgraph-data-source';

/**
 * One data source, and so one connection pool, per subgraph for the life of
 * the process. The checked-in supergraph names local URLs; each deployment
 * points them at its own hosts through configuration.
 */
@Injectable()
export class SubgraphConnections implements OnApplicationShutdown {
  private readonly sources = new Map<string, SubgraphDataSource>();

  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  dataSourceFor(name: string, supergraphUrl: string | undefined): SubgraphDataSource {
    let source = this.sources.get(name);
    if (!source) {
      const url = subgraphUrls(this.config)[name] ?? supergraphUrl;
      if (!url) throw new Error(`The supergraph gives no URL for subgraph ${name}, and no setting names one`);
      source = new SubgraphDataSource(name, url, { timeoutMs: this.config.SUBGRAPH_TIMEOUT_MS });
      this.sources.set(name, source);
    }
    return source;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.sources.values()].map((source) => source.close()));
    this.sources.clear();
  }
}

