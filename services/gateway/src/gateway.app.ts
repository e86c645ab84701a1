import { ServiceDefinition, REDIS_CLIENT, LOGGER } from '@scriptbook/platform';
import { GatewayModule } from './gateway.module';
import { gatewayConfigSchema } from './gateway.config';
import { bodyErrorsMiddleware } from './limits/body-errors.middleware';
import { rateLimitMiddleware } from './limits/rate-limit.middleware';

/** The one public endpoint: the supergraph over every subgraph, with limits. */
export const gatewayApp: ServiceDefinition<typeof gatewayConfigSchema> = {
  name: 'gateway',
  module: GatewayModule,
  configSchema: gatewayConfigSchema,
  bodyLimit: (config) => config.BODY_LIMIT,
  configure: (app, config) => {
    const origins = config.CORS_ORIGINS.split(',').map((origin) => origin.trim());
    app.enableCors({ origin: origins.includes('*') ? true : origins, maxAge: 600 });
    app.set('trust proxy', 'loopback, linklocal, uniquelocal');
    app.use(bodyErrorsMiddleware(config.BODY_LIMIT));
    app.use('/graphql', rateLimitMiddleware(app.get(REDIS_CLIENT), config.REDIS_PREFIX, config.RATE_LIMIT_PER_MINUTE, app.get(LOGGER)));
  },
};
