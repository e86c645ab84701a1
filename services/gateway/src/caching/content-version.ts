import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, LOGGER, Logger } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';
import { SupergraphServer } from '../supergraph/supergraph-server';

const CONTENT_VERSION_QUERY = '{ contentVersion { hash } }';

/**
 * The content release the gateway is serving, by the content subgraph's
 * `contentVersion.hash`: asked at start and then every
 * `CONTENT_VERSION_REFRESH_MS`, so a new release changes every content
 * cache tag within that time. Until the first answer arrives nothing is
 * cached; if the content subgraph stops answering, the last known hash is
 * kept (its answers would fail anyway, and failures are never cached).
 */
@Injectable()
export class ContentVersion implements OnApplicationBootstrap, OnApplicationShutdown {
  private hash?: string;
  private timer?: NodeJS.Timeout;
  private readonly refreshMs: number;

  constructor(
    private readonly supergraph: SupergraphServer,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.refreshMs = config.CONTENT_VERSION_REFRESH_MS;
  }

  /** The current content hash, or undefined before the content subgraph has answered once. */
  get current(): string | undefined {
    return this.hash;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Asks the content subgraph again; never throws. */
  async refresh(): Promise<void> {
    try {
      const result = await this.supergraph.executeInternally(CONTENT_VERSION_QUERY);
      const hash = (result.data as { contentVersion?: { hash?: unknown } | null } | null | undefined)?.contentVersion?.hash;
      if (typeof hash === 'string' && hash !== '') {
        if (hash !== this.hash) this.logger.info({ contentVersion: hash }, 'serving content version');
        this.hash = hash;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read the content version; keeping the last one');
    }
  }
}
