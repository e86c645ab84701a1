import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { HealthRegistry } from '../health/health.registry';
import { dataSourceOptions, openDataSource, PersistenceDefinition } from './data-source-options';

@Injectable()
class DatabaseLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.health.register('database', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }

  /** Runs after workers have drained, so no job loses its connection mid-write. */
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * The one way a service gets its database: its own schema or file, its own
 * migrations applied before the service starts, a readiness check, and the
 * connection closed last at shutdown. Inject `DataSource`, or a repository
 * with `@InjectRepository(Entity)` after `PersistenceModule.repositories(...)`.
 */
@Global()
@Module({})
export class PersistenceModule {
  static forService(definition: PersistenceDefinition): DynamicModule {
    const dataSource: Provider = {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: (config: BaseConfig) =>
        openDataSource(dataSourceOptions(config, definition), definition.runMigrations ?? true),
    };
    return { module: PersistenceModule, providers: [dataSource, DatabaseLifecycle], exports: [DataSource] };
  }

  /** Repository providers for a feature module. */
  static repositories(...entities: EntityTarget<ObjectLiteral>[]): DynamicModule {
    const providers = entities.map((entity) => ({
      provide: repositoryToken(entity),
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => dataSource.getRepository(entity),
    }));
    return { module: PersistenceModule, providers, exports: providers.map((p) => p.provide) };
  }
}

export function repositoryToken(entity: EntityTarget<ObjectLiteral>): string {
  const name = typeof entity === 'function' ? entity.name : String((entity as { name?: string }).name ?? entity);
  return `repository:${name}`;
}

export const InjectRepository = (entity: EntityTarget<ObjectLiteral>) => Inject(repositoryToken(entity));
