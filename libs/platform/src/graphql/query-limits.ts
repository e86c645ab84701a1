import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { DocumentNode, GraphQLError, NoSchemaIntrospectionCustomRule, ValidationContext, ValidationRule } from 'graphql';
import { z } from 'zod';
import { booleanFlag } from '../config/boolean-flag';
import { finiteNumbersRule, finiteVariablesPlugin } from './finite-numbers';
import { inputPositionsRule } from './input-positions';
import { LimitRule, limitRefusal } from './limit-refusal';
import { operationResolutionPlugin } from './operation-resolution.plugin';
import { responseShapeRule } from './response-shape.rule';
import { hiddenSuggestionsPlugin } from './suggestions';

const limit = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The query limits, as environment settings shared by every process: the
 * gateway checks all of them before planning, every subgraph checks the
 * ones that bound its own work again, and the live socket checks all of
 * them on every subscribe. Why each number: docs/architecture.md, "Query
 * limits".
 */
export const queryLimitsConfigShape = {
  MAX_DEPTH: limit(10),
  MAX_ALIASES: limit(15),
  MAX_TOKENS: limit(2_000),
  MAX_COST: limit(5_000),
  MAX_DIRECTIVES: limit(50),
  MAX_FIELD_OVERLAP: limit(10_000),
  MAX_INTROSPECTION_FIELDS: limit(5_000),
  /** `false` refuses introspection (and hides "did you mean" suggestions) on the gateway and the live socket. */
  INTROSPECTION: booleanFlag.default('true'),
};

export type QueryLimits = { readonly [K in keyof typeof queryLimitsConfigShape]: z.infer<(typeof queryLimitsConfigShape)[K]> };

export interface QueryLimitOptions {
  /** Told each accepted operation's cost as the cost limit measured it, so the figure can be reported without measuring twice. */
  readonly onCostAccepted?: (document: DocumentNode, cost: number) => void;
  /** Told the cost of each operation refused for it, so the refusal can say by how much. */
  readonly onCostRejected?: (document: DocumentNode, cost: number) => void;
}

/** What an Apollo server takes: validation rules, and plugins for what validation cannot see. */
export interface QueryProtection {
  readonly validationRules: ValidationRule[];
  readonly plugins: ApolloServerPlugin[];
}

/**
 * The cost in the cost limit's refusal ("Query Cost limit of 5000 exceeded,
 * found 7012.5."): graphql-armor hands its reject handlers the error alone,
 * with the figure only in the message it writes when `exposeLimits` is on.
 * Undefined if that wording ever changes; the refusal then reports no cost.
 */
export function refusedCost(error: { message: string }): number | undefined {
  const found = /exceeded, found (\d+(?:\.\d+)?)\.?$/.exec(error.message);
  return found ? Number(found[1]) : undefined;
}

/**
 * Every limit for the public endpoint but tokens (see `gatewayParseOptions`).
 * `__typename` aliases count toward the alias limit: graphql-armor exempts
 * them by default, and a thousand aliased `__typename`s still cost a server
 * a thousand response entries. With introspection off, "did you mean"
 * suggestions are hidden too: they would reveal the schema.
 */
export function gatewayQueryProtection(limits: QueryLimits, options: QueryLimitOptions = {}): QueryProtection {
  return {
    validationRules: limitRules(limits, { directives: true, introspection: limits.INTROSPECTION }, options),
    plugins: [operationResolutionPlugin(), finiteVariablesPlugin(), ...(limits.INTROSPECTION ? [] : [hiddenSuggestionsPlugin()])],
  };
}

/**
 * The limits a subgraph applies to whatever reaches it. Tokens and
 * directives are left to the gateway: its query plans re-print the client's
 * operation (fragments inlined, `__typename` added), so their size is the
 * gateway's doing, while depth, aliases, cost, field overlap and the size
 * of an introspection answer still bound the work. A subgraph still answers
 * its own standard introspection query whatever its size (tools and tests
 * read a subgraph's schema through it), and nothing wider.
 */
export function subgraphQueryProtection(limits: QueryLimits): QueryProtection {
  return {
    validationRules: limitRules(limits, { directives: false, introspection: true, standardIntrospection: true }),
    plugins: [operationResolutionPlugin(), finiteVariablesPlugin()],
  };
}

/**
 * Everything the live socket checks on a subscribe, in the order it
 * checks: the parser's token limit, then these validation rules (graphql-js's
 * own rules come after them). Introspection follows the same switch as on
 * the gateway.
 */
export function liveQueryProtection(limits: QueryLimits): { readonly parseOptions: { maxTokens: number }; readonly validationRules: ValidationRule[] } {
  const rules = limitRules(limits, { directives: true, introspection: limits.INTROSPECTION });
  return {
    parseOptions: gatewayParseOptions(limits),
    validationRules: limits.INTROSPECTION ? rules : [...rules, NoSchemaIntrospectionCustomRule],
  };
}

/** Parser options for the public endpoint: a document over `MAX_TOKENS` fails to parse, refused with rule `max-tokens`. */
export function gatewayParseOptions(limits: Pick<QueryLimits, 'MAX_TOKENS'>): { maxTokens: number } {
  return { maxTokens: limits.MAX_TOKENS };
}

/**
 * The limits as validation rules, the shape check first (see
 * `responseShapeRule`), then graphql-armor's, each refusal reported with
 * its rule; the rule that lets a bad argument's error name its path, and
 * the one that refuses a number no double can hold.
 */
function limitRules(
  limits: QueryLimits,
  doors: { readonly directives: boolean; readonly introspection: boolean; readonly standardIntrospection?: boolean },
  options: QueryLimitOptions = {},
): ValidationRule[] {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.MAX_DEPTH, flattenFragments: true, ...refusedAs(LimitRule.DEPTH) },
    maxAliases: { n: limits.MAX_ALIASES, allowList: [], ...refusedAs(LimitRule.ALIASES) },
    // Armor's token plugin parses the query a second time before Apollo does
    // and turns any syntax error into an HTTP 500; graphql-js counts tokens
    // in the parse that happens anyway instead.
    maxTokens: { enabled: false },
    maxDirectives: doors.directives ? { n: limits.MAX_DIRECTIVES, ...refusedAs(LimitRule.DIRECTIVES) } : { enabled: false },
    costLimit: {
      maxCost: limits.MAX_COST,
      exposeLimits: true,
      propagateOnRejection: false,
      onAccept: [(context, details: { n: number }) => context && options.onCostAccepted?.(context.getDocument(), details.n)],
      onReject: [
        (context, error) => {
          const cost = refusedCost(error);
          if (context && cost !== undefined) options.onCostRejected?.(context.getDocument(), cost);
        },
        refuse(LimitRule.COST),
      ],
    },
    blockFieldSuggestion: { enabled: false },
  }).protect();
  const shape = responseShapeRule({
    fieldOverlap: limits.MAX_FIELD_OVERLAP,
    introspectionFields: doors.introspection ? limits.MAX_INTROSPECTION_FIELDS : undefined,
    standardIntrospection: doors.standardIntrospection,
  });
  return [shape, ...armor.validationRules, inputPositionsRule, finiteNumbersRule];
}

/** Options that make a graphql-armor limit report its refusal with its rule instead of its own error. */
function refusedAs(rule: LimitRule) {
  return { propagateOnRejection: false, onReject: [refuse(rule)] };
}

function refuse(rule: LimitRule) {
  return (context: ValidationContext | null, error: GraphQLError) => context?.reportError(limitRefusal(rule, error.message));
}
