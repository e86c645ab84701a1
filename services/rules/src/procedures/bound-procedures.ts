import { randomBytes } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { NotFoundError } from '@scriptbook/platform';
import { ContentItemLike, PROCEDURES, AnyProcedureDescriptor, Resolution, runProcedure, streamStartOf } from '@scriptbook/rules-engine';
import { withRuleErrors } from '../resolution/rule-errors';

/** Where a call's stream starts, as the caller gave it. */
export interface StreamArguments {
  readonly seed?: string | null;
  readonly rngState?: unknown;
}

interface Bound {
  readonly descriptor: AnyProcedureDescriptor;
  readonly content: unknown;
}

const SEED_BYTES = 9;
const SEEDS_PER_BATCH = 256;
let seedPool = Buffer.alloc(0);
let seedOffset = 0;

// One call to the system generator per 256 seeds: drawing each seed on its own was a visible share of a served setup.
function drawSeed(): string {
  if (seedOffset >= seedPool.length) {
    seedPool = randomBytes(SEED_BYTES * SEEDS_PER_BATCH);
    seedOffset = 0;
  }
  const seed = seedPool.subarray(seedOffset, seedOffset + SEED_BYTES).toString('base64url');
  seedOffset += SEED_BYTES;
  return seed;
}

/**
 * Every descriptor with its content bound once, at start: content is
 * read-only per release, so no request pays for preparing it. The one path
 * from an input to a resolution, for typed queries and replay alike.
 */
@Injectable()
export class BoundProcedures implements OnModuleInit {
  private readonly byId = new Map<string, Bound>();

  constructor(private readonly library: ContentLibrary) {}

  onModuleInit(): void {
    const itemsByGame = new Map<string, ContentItemLike[]>();
    for (const pack of this.library.packs) {
      for (const id of pack.itemIds) {
        const item = this.library.get(id) as unknown as ContentItemLike & { gameId?: string };
        if (!item?.gameId) continue;
        const list = itemsByGame.get(item.gameId) ?? [];
        list.push(item);
        itemsByGame.set(item.gameId, list);
      }
    }
    for (const descriptor of PROCEDURES) {
      const content = descriptor.bind ? descriptor.bind(itemsByGame.get(descriptor.gameId) ?? []) : undefined;
      this.byId.set(descriptor.id, { descriptor, content });
    }
  }

  descriptors(): readonly AnyProcedureDescriptor[] {
    return PROCEDURES;
  }

  /** What `bind` prepared for a procedure; tests run the engine on it to compare with what is served. */
  contentOf(procedureId: string): unknown {
    return this.byId.get(procedureId)?.content;
  }

  has(procedureId: string): boolean {
    return this.byId.has(procedureId);
  }

  /**
   * Runs a procedure on an input its schema parses. Bad input is
   * BAD_USER_INPUT with the field path placed under `argument`
   * (`input.characters[0].name`), a bad seed or rngState under
   * `streamArgument` (empty when they are arguments of their own).
   */
  run(procedureId: string, input: unknown, stream: StreamArguments, argument = 'input', streamArgument = argument): Resolution<unknown> {
    const bound = this.byId.get(procedureId);
    if (!bound) throw new NotFoundError('Procedure', procedureId, 'procedureId');
    const start = withRuleErrors(streamArgument, () => streamStartOf(stream.seed, stream.rngState, drawSeed));
    return withRuleErrors(argument, () => runProcedure(bound.descriptor, input, start, bound.content));
  }
}
