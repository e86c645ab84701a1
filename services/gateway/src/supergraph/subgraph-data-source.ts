import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { DocumentNode, GraphQLError, Kind, OperationDefinitionNode, parse } from 'graphql';
import { Pool } from 'undici';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, isReplaySafe, REPLAY_SAFE_HEADER, signGatewayRequest } from '@scriptbook/platform';
import { SubgraphUnavailableError, UnavailableReason } from './subgraph-unavailable';

export interface GatewayContext {
  authorization?: string;
  /** The caller's address as the gateway established it; '' when unknown. */
  clientAddress?: string;
}

type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

export interface SubgraphDataSourceOptions {
  /** How long a subgraph may take to answer, headers and body each. */
  readonly timeoutMs: number;
  /** Signs each request so the subgraph knows it comes from the gateway; the gateway always has one, tests may leave it out. */
  readonly signingSecret?: string;
  /** Told about every failed call, with the underlying cause (an address, an errno) for the log. */
  readonly onUnavailable?: (error: SubgraphUnavailableError) => void;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * How the gateway calls one subgraph: a POST of the planned operation over
 * a pool of keep-alive connections to that subgraph.
 *
 * It replaces Apollo's RemoteGraphQLDataSource, which builds a WHATWG
 * Request and Headers for every fetch and sends it through a fetch client;
 * for a small query that answers from memory, that was the largest cost in
 * the gateway after writing the response (see docs/benchmarks.md). Only the
 * caller's Authorization header is passed on, so every subgraph verifies
 * the same token itself, and every body is signed with the client's
 * address, so a subgraph can tell the gateway from anyone else on the
 * network. Every call but a mutation's is marked safe to send twice
 * (REPLAY_SAFE_HEADER), for a load balancer that retries.
 *
 * A subgraph that cannot answer fails only its own part of the query: the
 * call answers a GraphQL response whose errors sit at the paths that
 * subgraph was asked for, and the gateway merges the rest as usual.
 */
export class SubgraphDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(
    readonly name: string,
    url: string,
    private readonly options: SubgraphDataSourceOptions,
  ) {
    const target = new URL(url);
    this.path = `${target.pathname}${target.search}`;
    this.pool = new Pool(target.origin, { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
  }

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphResponse> {
    const { request, context } = options;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (context?.authorization) headers.authorization = context.authorization;
    // Lets a load balancer in front of the subgraph's replicas send the call again if a replica dies before answering.
    if (isReplaySafe(request.query)) headers[REPLAY_SAFE_HEADER] = '1';
    const body = JSON.stringify({
      query: request.query,
      operationName: request.operationName,
      variables: request.variables,
      extensions: request.extensions,
    });
    if (this.options.signingSecret) {
      const clientAddress = context?.clientAddress ?? '';
      headers[GATEWAY_SIGNATURE_HEADER] = signGatewayRequest(this.options.signingSecret, body, clientAddress);
      headers[GATEWAY_CLIENT_ADDRESS_HEADER] = clientAddress;
    }

    let statusCode: number;
    let text: string;
    try {
      const response = await this.pool.request({ method: 'POST', path: this.path, headers, body });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      return this.unavailable(options, isTimeout(error) ? 'timeout' : 'unreachable', error);
    }
    return this.graphQLResponseFrom(statusCode, text) ?? this.unavailable(options, 'not-graphql', new Error(`HTTP ${statusCode}`));
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
  private graphQLResponseFrom(statusCode: number, text: string): SubgraphResponse | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return isGraphQLResponse(parsed) ? parsed : undefined;
  }

  /**
   * The answer for a call that failed: no data, and one error per place
   * this call would have filled, so each carries the path the client asked
   * for. The gateway turns `_entities` indexes into the entities' paths.
   */
  private unavailable(options: GraphQLDataSourceProcessOptions<GatewayContext>, reason: UnavailableReason, cause: unknown): SubgraphResponse {
    const failure = new SubgraphUnavailableError(this.name, reason, { cause });
    this.options.onUnavailable?.(failure);
    const paths = pathsFilledBy(options);
    const errors = (paths.length > 0 ? paths : [undefined]).map(
      (path) => new GraphQLError(failure.message, { path, originalError: failure, extensions: { code: failure.code } }),
    );
    return { data: null, errors };
  }
}

/** Where the answer to this call would have gone: each entity asked for, or each root field. */
function pathsFilledBy(options: GraphQLDataSourceProcessOptions<GatewayContext>): (string | number)[][] {
  const { request } = options;
  const representations = request.variables?.representations;
  if (Array.isArray(representations)) return representations.map((_, index) => ['_entities', index]);
  const operation = operationOf('document' in options ? options.document : undefined, request.query);
  if (!operation) return [];
  return operation.selectionSet.selections.flatMap((selection) =>
    selection.kind === Kind.FIELD && selection.name.value !== '__typename' ? [[(selection.alias ?? selection.name).value]] : [],
  );
}

function operationOf(document: DocumentNode | undefined, query: string | undefined): OperationDefinitionNode | undefined {
  let parsed = document;
  if (!parsed && query) {
    try {
      parsed = parse(query);
    } catch {
      return undefined;
    }
  }
  return parsed?.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && TIMEOUT_CODES.has(code);
}

function isGraphQLResponse(value: unknown): value is SubgraphResponse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return 'data' in value || Array.isArray((value as { errors?: unknown }).errors);
}
