import type { Experimental_DidResolveQueryPlanCallback } from '@apollo/gateway';
import { Injectable } from '@nestjs/common';

type QueryPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0]['queryPlan'];
/** The plan's node kinds, read structurally: the planner's own types are not a dependency of ours. */
interface PlanNode {
  readonly kind: string;
  readonly serviceName?: string;
  readonly node?: PlanNode;
  readonly nodes?: readonly PlanNode[];
  readonly primary?: PlanNode | { readonly node?: PlanNode };
  readonly rest?: PlanNode;
  readonly ifClause?: PlanNode;
  readonly elseClause?: PlanNode;
  readonly deferred?: readonly { readonly node?: PlanNode }[];
}

/** The subgraph whose answers change only with a content release. */
export const CONTENT_SUBGRAPH = 'content';

/**
 * True when every fetch of the plan goes to `service` (and there is at
 * least one). Nested fields owned by another subgraph appear as fetches of
 * their own, so a plan that passes asks nothing of anyone else.
 */
export function onlyFetchesFrom(plan: QueryPlan, service: string): boolean {
  const services = new Set<string>();
  if (plan.node) collectServices(plan.node as PlanNode, services);
  return services.size === 1 && services.has(service);
}

function collectServices(node: PlanNode, into: Set<string>): void {
  switch (node.kind) {
    case 'Fetch':
      into.add(node.serviceName ?? '?');
      return;
    case 'Flatten':
      if (node.node) collectServices(node.node, into);
      return;
    case 'Sequence':
    case 'Parallel':
      for (const child of node.nodes ?? []) collectServices(child, into);
      return;
    case 'Condition':
      if (node.ifClause) collectServices(node.ifClause, into);
      if (node.elseClause) collectServices(node.elseClause, into);
      return;
    case 'Defer': {
      const primary = node.primary as { node?: PlanNode } | undefined;
      if (primary?.node) collectServices(primary.node, into);
      for (const deferred of node.deferred ?? []) if (deferred.node) collectServices(deferred.node, into);
      return;
    }
    default:
      // A subscription or a kind this code does not know may reach any subgraph: never content-only.
      into.add('?');
  }
}

/** The memo's key: one document may hold several operations. */
export function operationKey(queryHash: string, operationName: string | null | undefined): string {
  return `${queryHash}:${operationName ?? ''}`;
}

const MAX_REMEMBERED = 10_000;

/**
 * Whether each operation seen so far is content-only, decided once from its
 * query plan (the gateway's planner caches plans the same way). Bounded:
 * when full it starts afresh, which costs only a first uncached answer per
 * operation.
 */
@Injectable()
export class ContentOnlyOperations {
  private readonly decided = new Map<string, boolean>();

  remember(key: string, contentOnly: boolean): void {
    if (this.decided.size >= MAX_REMEMBERED && !this.decided.has(key)) this.decided.clear();
    this.decided.set(key, contentOnly);
  }

  /** True, false, or undefined for an operation not planned yet. */
  isContentOnly(key: string): boolean | undefined {
    return this.decided.get(key);
  }
}
