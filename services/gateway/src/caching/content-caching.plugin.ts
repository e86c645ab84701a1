import type { ApolloServerPlugin } from '@apollo/server';
import type { EndpointContext } from '../http/endpoint-context';
import { QueryCosts } from '../limits/query-costs';
import { ContentOnlyOperations, operationKey } from './content-only-plan';

/**
 * Decides what a shared cache may do with each answer. A query over GET,
 * without Authorization, whose plan asks only the content subgraph and
 * which answered without errors, is the same for everyone until the next
 * content release: `Cache-Control: public` with the configured max-age and
 * the ETag the endpoint prepared, and its data is handed back for the
 * gateway's own cache. Every other answer is `no-store`.
 */
export function contentCachingPlugin(
  contentOnly: ContentOnlyOperations,
  costs: QueryCosts,
  maxAgeSeconds: number,
): ApolloServerPlugin<EndpointContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation, queryHash, document, contextValue }) {
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const cacheable =
            maxAgeSeconds > 0 &&
            contextValue.cacheTag !== undefined &&
            !contextValue.authorization &&
            request.http?.method === 'GET' &&
            operation?.operation === 'query' &&
            queryHash !== undefined &&
            contentOnly.isContentOnly(operationKey(queryHash, request.operationName)) === true &&
            result?.data != null &&
            !result.errors?.length;
          if (!cacheable) {
            response.http.headers.set('cache-control', 'no-store');
            return;
          }
          response.http.headers.set('cache-control', `public, max-age=${maxAgeSeconds}`);
          response.http.headers.set('etag', contextValue.cacheTag!);
          contextValue.outcome.cacheable = { data: result!.data, cost: costs.costOf(document) ?? null };
        },
      };
    },
  };
}
