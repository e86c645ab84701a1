import { Type } from '@nestjs/common';
import { Query } from '@nestjs/graphql';
import { engineProcedure } from './engine-procedures';

const FIELDS = new Map<string, string>();

/**
 * Declares the typed query that runs one engine procedure. The query's name
 * is recorded here so the catalog and replay find it without a second list,
 * and its description is the engine's own sentence.
 */
export function ProcedureQuery(procedureId: string, returns: () => Type<unknown>): MethodDecorator {
  const procedure = engineProcedure(procedureId);
  if (!procedure) throw new Error(`ProcedureQuery: the engine has no procedure ${procedureId}`);
  return (target, key, descriptor) => {
    const field = String(key);
    const taken = FIELDS.get(procedureId);
    if (taken && taken !== field) throw new Error(`ProcedureQuery: ${procedureId} is bound to ${taken} and ${field}`);
    FIELDS.set(procedureId, field);
    Query(returns, { description: `${procedure.description}. Procedure \`${procedureId}\`; persists nothing.` })(target, key, descriptor);
  };
}

/** Procedure id → GraphQL query name, for every procedure a resolver declared. */
export function procedureFields(): ReadonlyMap<string, string> {
  return FIELDS;
}
