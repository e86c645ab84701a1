import {
  LimitRule,
  limitRefusal,
  liveQueryProtection,
  queryLimitsConfigShape,
  requestRefusal,
  unresolvedOperation,
  withoutSuggestions,
} from '@scriptbook/platform';
import { nonFiniteVariableRefusal } from '@scriptbook/platform/graphql/finite-numbers';
import { DocumentNode, ExecutionArgs, getOperationAST, GraphQLError, GraphQLSchema, parse, specifiedRules, validate, ValidationRule } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { CampaignsConfig } from '../campaigns.config';
import type { SocketLimits } from './graphql-ws-binding';

/** What of graphql-ws's connection context the guard reads: the subscriptions the socket holds, this one included. */
export interface SubscriptionsHeld {
  readonly subscriptions: Readonly<Record<string, unknown>>;
}

/**
 * Everything a subscribe on `/graphql/ws` must pass before it runs, checked
 * in graphql-ws's `onSubscribe`, which then leaves parsing and validation
 * to it: the socket's subscription count, then the same query limits as the
 * gateway's (tokens while parsing; field overlap, introspection size,
 * depth, aliases, directives and cost before graphql-js's own rules), the
 * same introspection switch, subscriptions only, and no variable holding a
 * number beyond a double. A refusal is a graphql-ws `error` message for
 * that subscription, typed like every other error of the API; the socket
 * stays open.
 */
export class LiveOperationGuard {
  private readonly parseOptions: { maxTokens: number };
  private readonly rules: ValidationRule[];
  private readonly hideSuggestions: boolean;
  private readonly subscriptionsPerSocket: number;
  /** What the socket binding counts for each socket (`serveGraphQLWs`). */
  readonly socketLimits: SocketLimits;

  constructor(
    private readonly schema: GraphQLSchema,
    config: Pick<CampaignsConfig, keyof typeof queryLimitsConfigShape | 'LIVE_SUBSCRIPTIONS_PER_SOCKET' | 'LIVE_MESSAGES_PER_SECOND'>,
  ) {
    const protection = liveQueryProtection(config);
    this.parseOptions = protection.parseOptions;
    this.rules = [...specifiedRules, ...protection.validationRules];
    this.hideSuggestions = !config.INTROSPECTION;
    this.subscriptionsPerSocket = config.LIVE_SUBSCRIPTIONS_PER_SOCKET;
    this.socketLimits = { messagesPerSecond: config.LIVE_MESSAGES_PER_SECOND };
  }

  /** The arguments to run the subscription with, or the errors to refuse it with. */
  admit(connection: SubscriptionsHeld, payload: SubscribePayload): ExecutionArgs | GraphQLError[] {
    const schema = this.schema;
    if (this.subscriptionsPerSocket > 0 && Object.keys(connection.subscriptions).length > this.subscriptionsPerSocket) {
      // A limit like the query limits, refused before anything runs and told the same way: its rule, no field (nothing in the operation is wrong).
      return [
        limitRefusal(
          LimitRule.SUBSCRIPTIONS,
          `This socket already holds ${this.subscriptionsPerSocket} subscriptions, the most one socket may: complete one before starting another.`,
        ),
      ];
    }
    let document: DocumentNode;
    try {
      document = parse(payload.query, this.parseOptions);
    } catch (error) {
      return [this.typed(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
    }
    const invalid = validate(schema, document, this.rules);
    if (invalid.length > 0) return invalid.map((error) => this.typed(error, 'GRAPHQL_VALIDATION_FAILED'));
    const operation = getOperationAST(document, payload.operationName ?? undefined);
    if (!operation) return [unresolvedOperation(document, payload.operationName ?? undefined)];
    if (operation.operation !== 'subscription') {
      return [
        requestRefusal(
          `This socket carries subscriptions only: send ${operation.operation === 'query' ? 'queries' : 'mutations'} to /graphql over HTTP.`,
          'query',
          'operation-type',
        ),
      ];
    }
    const unreadable = nonFiniteVariableRefusal(payload.variables);
    if (unreadable) return [unreadable];
    return { schema, document, operationName: payload.operationName ?? undefined, variableValues: payload.variables ?? undefined };
  }

  /** graphql-js's own error with the code Apollo would give it (limit refusals carry theirs already), its nodes kept so the error mapping can name the argument. */
  private typed(error: GraphQLError, code: string): GraphQLError {
    return new GraphQLError(this.hideSuggestions ? withoutSuggestions(error.message) : error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      originalError: error.originalError,
      extensions: { code, ...error.extensions },
    });
  }
}
