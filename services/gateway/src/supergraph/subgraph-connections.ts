import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, LOGGER, Logger } from '@scriptbook/platform';
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

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  dataSourceFor(name: string, supergraphUrl: string | undefined): SubgraphDataSource {
    let source = this.sources.get(name);
    if (!source) {
      const url = subgraphUrls(this.config)[name] ?? supergraphUrl;
      if (!url) throw new Error(`The supergraph gives no URL for subgraph ${name}, and no setting names one`);
      source = new SubgraphDataSource(name, url, {
        timeoutMs: this.config.SUBGRAPH_TIMEOUT_MS,
        signingSecret: this.config.GATEWAY_SIGNING_SECRET,
        onUnavailable: (failure) => this.logger.warn({ err: failure.cause, subgraph: name, url, reason: failure.reason }, failure.message),
      });
      this.sources.set(name, source);
    }
    return source;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.sources.values()].map((source) => source.close()));
    this.sources.clear();
  }
}

