import { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import { GameCatalog } from '@scriptbook/games';
import { compileInput, compileOutput, ExtraField, ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import { MAX_SEED_LENGTH, AnyProcedureDescriptor } from '@scriptbook/rules-engine';
import { RngState, RngStateInput, TranscriptStep } from '../resolution/resolution.model';
import { contentEntitiesOf, ContentEntityStubs } from './content-entities';
import { contentReferenceResolver } from './content-references.resolver';

/** The GraphQL face of one descriptor: its types and the value converters between GraphQL and the engine. */
export interface ProcedureGraphQL {
  readonly descriptor: AnyProcedureDescriptor;
  readonly inputType: Type<unknown>;
  readonly resolutionType: Type<unknown>;
  /** GraphQL arguments → the value the input schema parses. */
  readonly fromInput: (value: unknown) => unknown;
  /** The engine's result → what the result type serves; null when it serves as it is. */
  readonly toResult: ((value: unknown) => unknown) | null;
}

const STREAM_FIELDS: readonly ExtraField[] = [
  {
    name: 'seed',
    type: () => String,
    nullable: true,
    description: `Starts a new stream: same seed and input, same resolution on every machine (1 to ${MAX_SEED_LENGTH} characters). Drawn and returned when neither seed nor rngState is given. Not with rngState.`,
  },
  {
    name: 'rngState',
    type: () => RngStateInput,
    nullable: true,
    description:
      'Continues a stream: the `rngState` a previous resolution returned, so this draw follows on from it (a campaign deck drawing its next card). Not with seed.',
  },
];

/** The GraphQL face of a catalog's procedures: one per procedure, and the content entities their results point at. */
export interface RulesGraphQL {
  readonly procedures: readonly ProcedureGraphQL[];
  /** A reference resolver for each content entity some result points at, for `_entities` sent to rules. */
  readonly referenceResolvers: readonly Type<unknown>[];
}

function typePrefix(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}

/** Builds the types of every procedure of the catalog once, at start, and the stubs of the content entities they point at. */
export function rulesGraphQL(catalog: GameCatalog): RulesGraphQL {
  const stubs = new ContentEntityStubs(contentEntitiesOf(catalog.contentKinds));
  const types = new ZodGraphQLTypes({ references: stubs.references });
  const served = stubs.typenames();
  const procedures = catalog.procedures.map((descriptor) => procedureGraphQL(descriptor, types, served));
  return { procedures, referenceResolvers: stubs.used().map(({ entity, type }) => contentReferenceResolver(entity, type)) };
}

function procedureGraphQL(descriptor: AnyProcedureDescriptor, types: ZodGraphQLTypes, served: ReadonlySet<string>): ProcedureGraphQL {
  const prefix = typePrefix(descriptor.field);
  const inputType = types.inputType(descriptor.input, `${prefix}Input`, prefix, STREAM_FIELDS);
  const resultType = types.objectType(descriptor.result, `${prefix}Result`, prefix);
  return {
    descriptor,
    inputType,
    resolutionType: resolutionType(`${prefix}Resolution`, resultType, descriptor),
    fromInput: compileInput(descriptor.input),
    toResult: compileOutput(descriptor.result, served),
  };
}

function resolutionType(name: string, resultType: Type<unknown>, descriptor: AnyProcedureDescriptor): Type<unknown> {
  const holder = { [name]: class {} };
  const cls = holder[name] as Type<unknown>;
  const seedText = descriptor.draws
    ? 'The seed this resolution started from; pass it again with the same input to get the same resolution. Null when it continued from a given rngState.'
    : 'The seed given or drawn; this procedure draws nothing, so it does not change the result. Null when an rngState was given.';
  Field(() => String, { nullable: true, description: seedText })(cls.prototype, 'seed');
  Field(() => [TranscriptStep], { description: 'What happened, step by step, in words a player understands.' })(cls.prototype, 'transcript');
  Field(() => RngState, {
    description: descriptor.draws
      ? 'The generator state after this resolution: pass it as `rngState` to continue the same stream.'
      : 'The generator state, unchanged (this procedure draws nothing): pass it on to keep a stream going.',
  })(cls.prototype, 'rngState');
  Field(() => resultType, { description: `What \`${descriptor.id}\` resolved to.` })(cls.prototype, 'result');
  ObjectType(name, { description: `A resolution of \`${descriptor.id}\`: the seed, the transcript, the generator state after, and the result.` })(cls);
  return cls;
}
