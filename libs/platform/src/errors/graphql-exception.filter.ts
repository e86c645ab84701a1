import { Catch } from '@nestjs/common';
import { GqlExceptionFilter } from '@nestjs/graphql';

/**
 * Hands every resolver error back to Apollo untouched. Without it Nest logs
 * each expected domain error (a bad email, a wrong password) as a server
 * error; `formatGraphQLError` decides what is logged and what the client sees.
 */
@Catch()
export class GraphQLErrorPassthroughFilter implements GqlExceptionFilter {
  catch(error: unknown): unknown {
    return error;
  }
}
