import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { RulesModule } from './rules.module';

export const rulesConfigSchema = serviceConfigSchema(DEFAULT_PORTS.rules, {});

/** Seeded, explainable rule resolution over the rules engine. */
export const rulesApp: ServiceDefinition<typeof rulesConfigSchema> = {
  name: 'rules',
  module: RulesModule,
  configSchema: rulesConfigSchema,
};
