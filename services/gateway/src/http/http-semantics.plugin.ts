import type { ApolloServerPlugin } from '@apollo/server';

/**
 * True when the client asks for `application/json` and not for
 * `application/graphql-response+json`: a client written before the newer
 * media type, which the GraphQL-over-HTTP specification says expects
 * HTTP 200 even for a request that fails validation.
 */
export function acceptsOnlyLegacyJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = false;
  for (const entry of accept.split(',')) {
    const [type, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (type === 'application/graphql-response+json') return false;
    if (type === 'application/json') json = true;
  }
  return json;
}

/**
 * What the HTTP answer says beyond the body:
 * - a request that fails to parse, validate or coerce its variables is
 *   HTTP 400 (Apollo's default), except for legacy `application/json`-only
 *   clients, which the specification asks to answer with 200;
 * - a mutation's answer is never stored by a cache.
 */
export function httpSemanticsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation }) {
          if (operation?.operation === 'mutation') response.http.headers.set('cache-control', 'no-store');
          const requestError = response.body.kind === 'single' && response.body.singleResult.data === undefined;
          if (response.http.status === 400 && requestError && acceptsOnlyLegacyJson(request.http?.headers.get('accept'))) {
            response.http.status = 200;
          }
        },
      };
    },
  };
}
