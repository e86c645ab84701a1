import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { AccountsModule } from './accounts.module';

export const accountsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.accounts, {});

/** Players, sign-up and sign-in: the subgraph that issues access tokens. */
export const accountsApp: ServiceDefinition<typeof accountsConfigSchema> = {
  name: 'accounts',
  module: AccountsModule,
  configSchema: accountsConfigSchema,
};
