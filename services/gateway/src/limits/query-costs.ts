import { Injectable } from '@nestjs/common';
import type { DocumentNode } from 'graphql';

/**
 * Each validated document's cost, as the cost limit measured it, whether
 * it let the document through or refused it (the refusal reports it too). Apollo
 * validates a document once and then reuses the same parsed object from
 * its document store, so the figure is found again by identity for every
 * later request, and forgotten with the document.
 *
 * A document with several operations keeps the highest of their costs:
 * the limit judged each, and the report should not understate any.
 */
@Injectable()
export class QueryCosts {
  private readonly costs = new WeakMap<DocumentNode, number>();

  record = (document: DocumentNode, cost: number): void => {
    this.costs.set(document, Math.max(cost, this.costs.get(document) ?? 0));
  };

  costOf(document: DocumentNode | undefined): number | undefined {
    return document ? this.costs.get(document) : undefined;
  }
}
