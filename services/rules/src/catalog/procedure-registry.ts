import { Injectable, OnModuleInit } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { NotFoundError } from '@scriptbook/platform';
import { GameProcedure, Resolution } from '@scriptbook/rules-engine';
import { engineInput } from '../resolution/engine-input';
import { ResolutionShape } from '../resolution/resolution-of';
import { withRuleErrors } from '../resolution/rule-errors';
import { SeededInput } from '../resolution/seeded.input';
import { seedOrDraw } from '../resolution/seeds';
import { resolutionFields } from '../resolution/transcript.mapper';
import { INPUT_PREPARERS } from './input-preparers';
import { ENGINE_PROCEDURES } from './engine-procedures';
import { procedureFields } from './procedure-query.decorator';

export interface CatalogEntry {
  readonly id: string;
  readonly gameId: string;
  readonly description: string;
  /** The typed query that runs it. */
  readonly field: string;
}

/**
 * The engine's procedures joined with the queries that expose them. It is
 * the one path from an input to a resolution, so a typed query and a replay
 * of the same input and seed cannot drift apart.
 */
@Injectable()
export class ProcedureRegistry implements OnModuleInit {
  private readonly byId = new Map<string, { entry: CatalogEntry; procedure: GameProcedure }>();

  constructor(private readonly library: ContentLibrary) {}

  onModuleInit(): void {
    const fields = procedureFields();
    const unbound = ENGINE_PROCEDURES.filter((p) => !fields.has(p.id)).map((p) => p.id);
    if (unbound.length > 0) throw new Error(`rules: no query exposes ${unbound.join(', ')}`);
    for (const procedure of ENGINE_PROCEDURES) {
      const { id, gameId, description } = procedure;
      this.byId.set(id, { entry: { id, gameId, description, field: fields.get(id)! }, procedure });
    }
  }

  entries(): readonly CatalogEntry[] {
    return [...this.byId.values()].map(({ entry }) => entry);
  }

  assertKnown(procedureId: string): void {
    if (!this.byId.has(procedureId)) throw new NotFoundError('Procedure', procedureId, 'procedureId');
  }

  /** Runs a procedure on an engine-shaped input; bad input is BAD_USER_INPUT under `argument`. */
  run(procedureId: string, input: unknown, seed: string, argument = 'input'): Resolution<unknown> {
    this.assertKnown(procedureId);
    const found = this.byId.get(procedureId)!;
    const prepare = INPUT_PREPARERS[procedureId];
    return withRuleErrors(argument, () => found.procedure.run(prepare ? prepare(input, this.library) : input, seed));
  }

  /** The typed-query path: the seed comes with the input, the result is mapped for GraphQL. */
  resolve<R>(procedureId: string, input: SeededInput, toResult: (result: any) => R = (result) => result as R): ResolutionShape<R> {
    const seed = seedOrDraw(input?.seed);
    const resolution = this.run(procedureId, engineInput(input), seed);
    return { ...resolutionFields(resolution), result: toResult(resolution.result) };
  }
}
