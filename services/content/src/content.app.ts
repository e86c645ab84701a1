import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { ContentModule } from './content.module';

export const contentConfigSchema = serviceConfigSchema(DEFAULT_PORTS.content, {});

/** Read-only game content served from memory: no database, no queue. */
export const contentApp: ServiceDefinition<typeof contentConfigSchema> = {
  name: 'content',
  module: ContentModule,
  configSchema: contentConfigSchema,
};
