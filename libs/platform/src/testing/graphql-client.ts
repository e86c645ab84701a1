import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '../auth/gateway-signature';
import { TEST_GATEWAY_SIGNING_SECRET } from './test-environment';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown>; path?: (string | number)[] }[];
}

export interface GraphQLCallOptions {
  /**
   * The caller's address as the gateway would vouch for it; subgraphs show
   * it to resolvers as `clientAddress`. Ignored when the call is not signed.
   */
  readonly clientAddress?: string;
  /** The secret to sign with, or `false` to send the request unsigned. Default: the test secret. */
  readonly signWith?: string | false;
}

/**
 * Posts one GraphQL operation the way a frontend does. The request is also
 * signed the way the gateway signs subgraph requests (with the tests'
 * secret), so the same call works against the gateway and against a
 * subgraph directly; the gateway ignores the signature headers.
 */
export async function graphql<T = Record<string, any>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  options: GraphQLCallOptions = {},
): Promise<GraphQLResponse<T>> {
  const body = JSON.stringify({ query, variables });
  const secret = options.signWith ?? TEST_GATEWAY_SIGNING_SECRET;
  const clientAddress = options.clientAddress ?? '';
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(secret === false
        ? {}
        : {
            [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(secret, body, clientAddress),
            ...(clientAddress ? { [GATEWAY_CLIENT_ADDRESS_HEADER]: clientAddress } : {}),
          }),
    },
    body,
  });
  const parsed = (await response.json()) as Omit<GraphQLResponse<T>, 'status'>;
  return { status: response.status, ...parsed };
}
