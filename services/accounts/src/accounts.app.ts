import { ServiceDefinition } from '@scriptbook/platform';
import { accountsConfigSchema } from './accounts.config';
import { AccountsModule } from './accounts.module';

/** Players, sign-up and sign-in: the subgraph that issues access tokens. */
export const accountsApp: ServiceDefinition<typeof accountsConfigSchema> = {
  name: 'accounts',
  module: AccountsModule,
  configSchema: accountsConfigSchema,
};
