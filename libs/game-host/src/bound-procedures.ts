import { Injectable } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { GameCatalog } from '@scriptbook/games';
import { AnyProcedureDescriptor, ContentItemLike, Resolution, runProcedure, StreamStart } from '@scriptbook/rules-engine';

interface Bound {
  readonly descriptor: AnyProcedureDescriptor;
  readonly content: unknown;
}

/**
 * Every procedure of the hosted games with its content bound once, when the
 * process starts: content is read-only per release, so no request pays for
 * preparing it, and every service that runs the engine (rules, campaigns'
 * setups, scoring) runs it on the same binding.
 */
@Injectable()
export class BoundProcedures {
  private readonly byId = new Map<string, Bound>();

  constructor(
    private readonly catalog: GameCatalog,
    library: ContentLibrary,
  ) {
    for (const descriptor of catalog.procedures) {
      const items = descriptor.bind ? (library.itemsOfGame(descriptor.gameId) as unknown as ContentItemLike[]) : [];
      this.byId.set(descriptor.id, { descriptor, content: descriptor.bind ? descriptor.bind(items) : undefined });
    }
  }

  /** Every procedure, in catalog order. */
  descriptors(): readonly AnyProcedureDescriptor[] {
    return this.catalog.procedures;
  }

  has(procedureId: string): boolean {
    return this.byId.has(procedureId);
  }

  /** The descriptor of a procedure id, or undefined. */
  descriptor(procedureId: string): AnyProcedureDescriptor | undefined {
    return this.byId.get(procedureId)?.descriptor;
  }

  /** What `bind` prepared for a procedure. */
  contentOf(procedureId: string): unknown {
    return this.byId.get(procedureId)?.content;
  }

  /** Runs a procedure on its bound content; throws the engine's `RuleInputError` for input its schema or rules refuse. */
  run(procedureId: string, input: unknown, start: StreamStart): Resolution<unknown> {
    const bound = this.byId.get(procedureId);
    if (!bound) throw new Error(`no procedure ${procedureId}`);
    return runProcedure(bound.descriptor, input, start, bound.content);
  }
}
