import type { ApolloServerPlugin } from '@apollo/server';
import { ASTNode, getNamedType, GraphQLError, GraphQLFloat, isSpecifiedScalarType, isScalarType, Kind, ValidationRule, ValueNode, visit } from 'graphql';
import { requestRefusal } from './operation-resolution.plugin';

/** The words every refusal of such a number ends with. */
const BEYOND_DOUBLE = 'a number beyond what a double holds (about ±1.8e308), which the API would read as Infinity: send a number within that range';

/**
 * Refuses a number written in the document that no double can hold (`1e400`,
 * or an integer of 400 digits) where it would be read as one: a Float, or a
 * custom scalar such as JSON, at any depth of its literal. graphql-js reads
 * such a Float as Infinity and lets it through, Apollo Gateway's query
 * planner then fails on it (an internal error), and a subgraph hands
 * Infinity to the resolver. An Int is left to graphql-js (it refuses
 * anything past 32 bits) and an ID keeps its digits as text. Each error
 * points at the number, so the error mapping names its argument path.
 */
export const finiteNumbersRule: ValidationRule = (context) => ({
  enter(node) {
    if (!isNumber(node) && node.kind !== Kind.LIST && node.kind !== Kind.OBJECT) return undefined;
    const named = getNamedType(context.getInputType());
    if (named === GraphQLFloat && isNumber(node) && !Number.isFinite(Number(node.value))) {
      context.reportError(new GraphQLError(`Float cannot represent ${BEYOND_DOUBLE}.`, { nodes: node }));
    }
    if (!isScalarType(named) || isSpecifiedScalarType(named)) return undefined;
    // A custom scalar's literal has no input types inside it, so it is searched here and not visited further.
    for (const number of numbersBeyondDouble(node)) {
      context.reportError(new GraphQLError(`${named.name} holds ${BEYOND_DOUBLE}.`, { nodes: number }));
    }
    return false;
  },
});

/**
 * The refusal of variables that hold a number no double can hold: JSON
 * reads one as Infinity, which a Float refuses but a JSON scalar would
 * pass on (the gateway then forwards it as null). Names the first such
 * place as `$name.path`, never the value; undefined when there is none.
 */
export function nonFiniteVariableRefusal(variables: Readonly<Record<string, unknown>> | null | undefined): GraphQLError | undefined {
  for (const [name, value] of Object.entries(variables ?? {})) {
    const path = nonFinitePath(value, `$${name}`);
    if (path) return requestRefusal(`Variable "${path}" holds ${BEYOND_DOUBLE}.`, path, 'type');
  }
  return undefined;
}

/** Refuses, before anything runs, variables that hold a number no double can hold (see `nonFiniteVariableRefusal`). */
export function finiteVariablesPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request }) {
          const refusal = nonFiniteVariableRefusal(request.variables);
          if (refusal) throw refusal;
        },
      };
    },
  };
}

interface Place {
  readonly value: unknown;
  readonly parent?: Place;
  readonly segment: string;
}

/**
 * The path of the first non-finite number in `value`, depth first. Walked
 * with a stack of its own and parent links, because variables can nest as
 * deep as the body limit allows (tens of thousands of levels), more than
 * recursion or a path string per level would take.
 */
function nonFinitePath(value: unknown, root: string): string | undefined {
  const pending: Place[] = [{ value, segment: root }];
  while (pending.length > 0) {
    const place = pending.pop()!;
    const current = place.value;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return pathOf(place);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], parent: place, segment: `[${i}]` });
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i][1], parent: place, segment: `.${entries[i][0]}` });
    }
  }
  return undefined;
}

function pathOf(place: Place): string {
  const segments: string[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) segments.push(at.segment);
  return segments.reverse().join('');
}

function isNumber(node: ASTNode): node is Extract<ValueNode, { kind: Kind.INT | Kind.FLOAT }> {
  return node.kind === Kind.INT || node.kind === Kind.FLOAT;
}

function numbersBeyondDouble(value: ASTNode): ASTNode[] {
  const found: ASTNode[] = [];
  visit(value, {
    enter(node) {
      if (isNumber(node) && !Number.isFinite(Number(node.value))) found.push(node);
    },
  });
  return found;
}
