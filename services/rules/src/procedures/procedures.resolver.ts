import { Type } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { resolutionFields } from '../resolution/transcript.mapper';
import { ProcedureRunner } from './procedure-runner';
import { ProcedureGraphQL } from './procedure-graphql';

type Arguments = Record<string, unknown> & { seed?: string | null; rngState?: unknown };

/**
 * One query per procedure, made from its descriptor alone: no procedure has
 * a resolver, model or mapper of its own. Fields are nullable so one failed
 * procedure in a query does not null the others; the error carries its code.
 */
export function proceduresResolver(procedures: readonly ProcedureGraphQL[]): Type<unknown> {
  @Resolver()
  class ProceduresResolver {
    constructor(readonly runner: ProcedureRunner) {}
  }

  const prototype = ProceduresResolver.prototype as unknown as Record<string, unknown>;
  for (const graphql of procedures) {
    const { descriptor } = graphql;
    const method = descriptor.field;
    if (method in prototype) throw new Error(`rules: two procedures are served as ${method}`);
    prototype[method] = function (this: ProceduresResolver, args: Arguments) {
      const { seed, rngState, ...rest } = args ?? {};
      const resolution = this.runner.run(descriptor.id, graphql.fromInput(rest), { seed, rngState });
      const result = graphql.toResult ? graphql.toResult(resolution.result) : resolution.result;
      return { ...resolutionFields(resolution), result };
    };
    const property = Object.getOwnPropertyDescriptor(prototype, method)!;
    // What TypeScript would emit for a written method; Nest reads it even when the types are explicit.
    Reflect.defineMetadata('design:paramtypes', [Object], prototype, method);
    Reflect.defineMetadata('design:returntype', Object, prototype, method);
    Args('input', { type: () => graphql.inputType, description: `The input of \`${descriptor.id}\`, with a seed or an rngState.` })(prototype, method, 0);
    Query(() => graphql.resolutionType, {
      name: method,
      nullable: true,
      description: `${descriptor.description}. Procedure \`${descriptor.id}\`; persists nothing.`,
    })(prototype, method, property);
  }
  return ProceduresResolver;
}
