import { NoFragmentCyclesRule, validate, ValidationRule } from 'graphql';
import { asksForIntrospection, introspectionSize, standardIntrospectionSize } from './introspection-size';
import { LimitRule, limitRefusal } from './limit-refusal';
import { hasFragmentCycle, responseShape } from './response-shape';

export interface ResponseShapeLimits {
  /** `MAX_FIELD_OVERLAP`: the most work merging the document's fields may take (see `responseShape`). */
  readonly fieldOverlap: number;
  /** `MAX_INTROSPECTION_FIELDS`: the most fields an introspection answer may hold; undefined where introspection is refused anyway. */
  readonly introspectionFields?: number;
  /** Also let through an answer as large as the schema's own standard introspection (a subgraph's, which tools read it by). */
  readonly standardIntrospection?: boolean;
}

/**
 * The limits that must hold before the rest of validation may run: some of
 * graphql-js's own rules cost the square of what a document repeats, and
 * introspection's answer grows with the schema rather than the document.
 *
 * It runs on the Document node, before any rule has seen an operation.
 * When it refuses, its visitor returns null there, which ends graphql-js's
 * walk over the whole document for every rule at once (`visitInParallel`
 * stops at the first visitor that returns a value): the refusal is the
 * only error, and nothing quadratic has run. The test of this rule pins
 * that behaviour with a document that would otherwise take seconds.
 */
export function responseShapeRule(limits: ResponseShapeLimits): ValidationRule {
  return (context) => ({
    Document(document) {
      if (hasFragmentCycle(document)) {
        // Expanding would never end: report the cycle in graphql-js's own words, and nothing else.
        for (const error of validate(context.getSchema(), document, [NoFragmentCyclesRule])) context.reportError(error);
        return null;
      }
      const shape = responseShape(document, limits.fieldOverlap);
      if (!shape.withinBudget) {
        context.reportError(
          limitRefusal(
            LimitRule.FIELD_OVERLAP,
            `Field overlap limit of ${limits.fieldOverlap} exceeded: the operation selects the same fields at one place of the answer too many times ` +
              '(directly or through fragments). Select each field once per object and spread each fragment once.',
          ),
        );
        return null;
      }
      if (limits.introspectionFields !== undefined && asksForIntrospection(shape.operations)) {
        const schema = context.getSchema();
        const allowed = limits.standardIntrospection ? Math.max(limits.introspectionFields, standardIntrospectionSize(schema)) : limits.introspectionFields;
        if (introspectionSize(shape.operations, schema, allowed) > allowed) {
          context.reportError(
            limitRefusal(
              LimitRule.INTROSPECTION,
              `Introspection limit of ${allowed} answer fields exceeded. Ask for less at a time (one type with \`__type(name:)\`, ` +
                'or fewer levels); the whole schema is published as SDL (graphql/schema.graphql) and, where the explorer runs, at /explorer/schema.json.',
            ),
          );
          return null;
        }
      }
      return undefined;
    },
  });
}
