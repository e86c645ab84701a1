import { getNamedType, GraphQLInputType, GraphQLSchema, isInputObjectType } from 'graphql';
import { FuzzRandom } from './fuzz-random';
import { FuzzCase } from './fuzz-runner';
import { Actor, FuzzWorld } from './fuzz-world';
import { InputValues } from './input-values';
import { OperationBuilder, OperationKind, RootField, rootFields } from './operations';
import { get, overSocket, post } from './transports';
import { CALLER_ENDING_MUTATIONS, ValueKnowledge } from './value-knowledge';

export type Transport = 'post' | 'get' | 'socket';

/**
 * How many places a field's arguments have for a value (each scalar and
 * enum position, a few levels deep, at most 12): a field with a large
 * input gets more of the run than one with a single id.
 */
export function inputSurface(root: RootField): number {
  const positions = (type: GraphQLInputType, depth: number): number => {
    const named = getNamedType(type);
    if (!isInputObjectType(named)) return 1;
    if (depth > 3) return 0;
    return Object.values(named.getFields()).reduce((sum, field) => sum + positions(field.type, depth + 1), 0);
  };
  return 1 + Math.min(12, root.field.args.reduce((sum, argument) => sum + positions(argument.type, 0), 0));
}

export interface DrawnOperation {
  readonly root: RootField;
  readonly actor: Actor;
  readonly hostile: boolean;
}

/**
 * Cases for the root fields of a schema: a field drawn from the catalog
 * (every query, mutation and subscription the schema has), a caller, valid
 * or hostile arguments, variables or inline, a selection, and a transport.
 */
export class OperationCases {
  private readonly byKind: Record<OperationKind, RootField[]>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly world: FuzzWorld,
    private readonly random: FuzzRandom,
    readonly family: string,
  ) {
    const all = rootFields(schema);
    this.byKind = {
      query: all.filter((root) => root.kind === 'query'),
      mutation: all.filter((root) => root.kind === 'mutation'),
      subscription: all.filter((root) => root.kind === 'subscription'),
    };
  }

  get catalog(): RootField[] {
    return [...this.byKind.query, ...this.byKind.mutation, ...this.byKind.subscription];
  }

  /** Draws a root field of one of `kinds` (weighted by how many each has, so none is left out) and who sends it. */
  async draw(kinds: readonly OperationKind[], hostileShare: number): Promise<DrawnOperation> {
    const fields = kinds.flatMap((kind) => this.byKind[kind]);
    const root = this.random.weighted(fields.map((field) => [inputSurface(field), field] as const));
    const hostile = this.random.chance(hostileShare);
    // A mutation that ends its caller's session or account is sent by a throwaway player or by nobody, never by the run's players.
    const endsCaller = root.kind === 'mutation' && CALLER_ENDING_MUTATIONS.has(root.field.name);
    const actor = endsCaller
      ? this.random.chance(0.8)
        ? await this.world.throwaway()
        : this.world.actors[0]
      : this.random.weighted([
          [1, this.world.actors[0]],
          ...this.world.actors.slice(1).map((signedIn) => [2, signedIn] as const),
        ]);
    return { root, actor, hostile };
  }

  build(drawn: DrawnOperation, transport: Transport): FuzzCase {
    const hints = new ValueKnowledge(this.world, drawn.actor, this.random);
    const builder = new OperationBuilder(this.schema, this.random, new InputValues(this.random, hints), hints);
    const args = builder.arguments(drawn.root, drawn.hostile);
    const style = this.random.chance(0.3) ? 'inline' : 'variables';
    const operation = builder.write(drawn.root, args, { style, depth: this.random.int(0, 3) });
    const send = transport === 'get' ? get : transport === 'socket' ? overSocket : post;
    return {
      family: this.family,
      target: operation.target,
      hostile: operation.hostile,
      request: send(drawn.actor, operation),
      mutation: drawn.root.kind === 'mutation',
      // The same arguments with the smallest selection, then as variables: a failure that stays is about the arguments.
      smaller: () => [
        send(drawn.actor, builder.write(drawn.root, args, { style, depth: 0, minimalSelection: true })),
        send(drawn.actor, builder.write(drawn.root, args, { style: 'variables', depth: 0, minimalSelection: true })),
      ],
    };
  }
}
