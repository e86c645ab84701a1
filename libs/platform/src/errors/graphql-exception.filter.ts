import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { GqlContextType } from '@nestjs/graphql';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../logging/logger.token';
import { httpErrorFor, sendHttpError } from './http-error-response';

/**
 * The one exception filter of every process.
 *
 * GraphQL: resolver errors go back to Apollo untouched. Without that Nest
 * logs each expected domain error (a bad email, a wrong password) as a
 * server error; `formatGraphQLError` decides what is logged and shown.
 *
 * HTTP: an unknown path, an unreadable body or a failing controller always
 * gets an answer. A filter that returned here without writing would leave
 * the socket open with nothing sent, for as long as the client waits.
 */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'http') return error;
    const answer = httpErrorFor(error);
    if (answer.unexpected) this.logger.error({ err: error }, 'unexpected error answering an HTTP request');
    sendHttpError(host.switchToHttp().getResponse<ServerResponse>(), answer.status, answer.message, answer.code);
    return undefined;
  }
}
