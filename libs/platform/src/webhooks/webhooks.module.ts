import { DynamicModule, Module } from '@nestjs/common';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { QueueModule } from '../queues/queue.module';
import { webhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookEmitterModule } from './webhook-emitter';
import { WebhookFanoutProcessor } from './webhook-fanout.processor';
import { WebhookFollowers } from './webhook-followers';
import { WebhookOutboxSweepProcessor, webhookOutboxSweepQueue } from './webhook-outbox-sweep.processor';
import { WEBHOOK_ADMINISTRATORS, WEBHOOK_SETTINGS, WebhookRegistry } from './webhook-registry.service';
import { webhookSettingsOf, WebhookSettings } from './webhook-settings';
import { WebhooksResolver } from './webhooks.resolver';

export interface WebhookHostOptions {
  /** The service's name, for a configuration error at start. */
  readonly service: string;
  /** Who may register public-board endpoints, from the host's configuration. */
  readonly administrators: (config: BaseConfig & Record<string, unknown>) => readonly string[];
}

const settingsProvider = (service: string) => ({
  provide: WEBHOOK_SETTINGS,
  inject: [APP_CONFIG],
  // Checked as the module starts, so a production process with local endpoints allowed never serves.
  useFactory: (config: BaseConfig & Partial<WebhookSettings>): WebhookSettings => webhookSettingsOf(config, service),
});

/**
 * The webhook API (registration and the delivery log) for the one subgraph
 * that hosts it. Needs the host's DataSource with WEBHOOK_ENTITIES and the
 * CreateWebhookTables migration, and a MembershipReader.
 */
@Module({})
export class WebhooksApiModule {
  static forHost(options: WebhookHostOptions): DynamicModule {
    return {
      module: WebhooksApiModule,
      imports: [QueueModule.register(webhookDeliveryQueue)],
      providers: [
        settingsProvider(options.service),
        { provide: WEBHOOK_ADMINISTRATORS, inject: [APP_CONFIG], useFactory: options.administrators },
        WebhookRegistry,
        WebhooksResolver,
      ],
      exports: [WEBHOOK_SETTINGS],
    };
  }
}

/**
 * The webhook worker: fans events out into deliveries and makes the
 * attempts. Runs in the hosting service's worker process, beside a
 * MembershipReader and the same DataSource.
 */
@Module({})
export class WebhooksWorkerModule {
  static forHost(options: Pick<WebhookHostOptions, 'service'>): DynamicModule {
    return {
      module: WebhooksWorkerModule,
      imports: [QueueModule.register(webhookDeliveryQueue, webhookOutboxSweepQueue), WebhookEmitterModule],
      providers: [settingsProvider(options.service), WebhookFollowers, WebhookFanoutProcessor, WebhookDeliveryProcessor, WebhookOutboxSweepProcessor],
      exports: [WebhookEmitterModule, WebhookFollowers],
    };
  }
}
