import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { GraphQLError } from 'graphql';
import { Pool } from 'undici';

export interface GatewayContext {
  authorization?: string;
}

type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

export interface SubgraphDataSourceOptions {
  /** How long a subgraph may take to answer, headers and body each. */
  readonly timeoutMs: number;
}

/**
 * How the gateway calls one subgraph: a POST of the planned operation over
 * a pool of keep-alive connections to that subgraph.
 *
 * It replaces Apollo's RemoteGraphQLDataSource, which builds a WHATWG
 * Request and Headers for every fetch and sends it through a fetch client;
 * for a small query that answers from memory, that was the largest cost in
 * the gateway after writing the response (see docs/benchmarks.md). Only the
 * caller's Authorization header is passed on, so every subgraph verifies
 * the same token itself.
 */
export class SubgraphDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(
    readonly name: string,
    url: string,
    options: SubgraphDataSourceOptions,
  ) {
    const target = new URL(url);
    this.path = `${target.pathname}${target.search}`;
    this.pool = new Pool(target.origin, { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
  }

  async process({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (context?.authorization) headers.authorization = context.authorization;
    const body = JSON.stringify({
      query: request.query,
      operationName: request.operationName,
      variables: request.variables,
      extensions: request.extensions,
    });

    let statusCode: number;
    let text: string;
    try {
      const response = await this.pool.request({ method: 'POST', path: this.path, headers, body });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new GraphQLError(`Subgraph ${this.name} could not be reached`, { originalError: error as Error });
    }
    return this.graphQLResponseFrom(statusCode, text);
  }

  /** Stops taking requests and closes the pooled connections once idle. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * A GraphQL answer is passed on whatever its HTTP status (a subgraph
   * answers 400 to an operation it cannot run, with the reason in
   * `errors`); anything else is a failure of the subgraph itself.
   */
  private graphQLResponseFrom(statusCode: number, text: string): SubgraphResponse {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (isGraphQLResponse(parsed)) return parsed;
    throw new GraphQLError(`Subgraph ${this.name} answered HTTP ${statusCode} without a GraphQL response`);
  }
}

function isGraphQLResponse(value: unknown): value is SubgraphResponse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return 'data' in value || Array.isArray((value as { errors?: unknown }).errors);
}
