import { z } from 'zod';
import { graphqlAnnotationsOf, referenceTo } from '@scriptbook/schema';
import { zodIssueField, zodIssueRule } from '@scriptbook/schema';
import { RuleInputError } from './procedure';
import { Random, RngState } from './rng/random';
import { Resolution, Transcript } from './transcript';

/**
 * A content item as the engine sees it: passed in by structure, so the engine
 * never imports the content library or reads a file.
 */
export interface ContentItemLike {
  readonly kind: string;
  readonly id: string;
  readonly [field: string]: unknown;
}

/** What a procedure body receives besides its checked input. */
export interface ProcedureContext<B> {
  readonly random: Random;
  readonly transcript: Transcript;
  /** What `bind` prepared from the content packs, once, at start. */
  readonly content: B;
}

/**
 * Everything about one rules procedure, said once. The input and result
 * schemas (with a `.describe()` on every field) give the TypeScript types, the
 * input checks, the GraphQL types and query field, the catalog's JSON Schema
 * and replay; nothing else is written per procedure.
 */
export interface ProcedureDescriptor<I extends z.ZodTypeAny = z.ZodTypeAny, R extends z.ZodTypeAny = z.ZodTypeAny, B = unknown> {
  /**
   * Stable id, `<prefix>.<procedure>`, never changed once served: replay,
   * campaign setups and logged resolutions name a procedure by it. The prefix
   * is part of the id, not a game id; `gameId` and `moduleId` say where the
   * procedure belongs.
   */
  readonly id: string;
  /** The content's id of the game it belongs to (the game's `Game.id`), for a module's procedures too. */
  readonly gameId: string;
  /** The content's id of the game's module it belongs to; absent for a game the content does not divide into modules. */
  readonly moduleId?: string;
  /** The GraphQL query field that serves it; a public name, so chosen, not derived. */
  readonly field: string;
  /** One sentence a player reads in the catalog. */
  readonly description: string;
  readonly input: I;
  readonly result: R;
  /** Whether the procedure draws from the RNG, so it takes a seed or an `rngState` to continue. */
  readonly draws: boolean;
  /** Prepares what the procedure needs from content, once per content version, never per request. */
  readonly bind?: (items: readonly ContentItemLike[]) => B;
  /** The rule itself: throws `RuleInputError` for input the rules forbid given the rest of the input. */
  readonly run: (input: z.output<I>, context: ProcedureContext<B>) => z.input<R>;
}

/**
 * Any descriptor, whatever its schemas: what registries and generic code
 * (the rules subgraph, the continuation property) hold. `run` takes its own
 * input type, so a typed descriptor is only assignable with `any` here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProcedureDescriptor = ProcedureDescriptor<any, any, any>;

/** Where a procedure belongs: a game and, for a game divided into modules, one of its modules. */
export type ProcedureHome = Pick<ProcedureDescriptor, 'gameId' | 'moduleId'>;

/** Declares a procedure; the identity function that keeps the schema types attached. */
export function defineProcedure<I extends z.ZodTypeAny, R extends z.ZodTypeAny, B = undefined>(
  descriptor: ProcedureDescriptor<I, R, B>,
): ProcedureDescriptor<I, R, B> {
  return descriptor;
}

/** Where a drawing procedure's stream starts: a fresh seed, or the state a previous resolution returned. */
export type StreamStart = { readonly seed: string; readonly rngState?: undefined } | { readonly seed?: undefined; readonly rngState: RngState };

/**
 * The one way a procedure runs: check the input against its schema (the first
 * problem becomes a `RuleInputError` naming the field path and the rule), start
 * or continue the stream, run, and package result, transcript and final state.
 */
export function runProcedure<I extends z.ZodTypeAny, R extends z.ZodTypeAny, B>(
  descriptor: ProcedureDescriptor<I, R, B>,
  rawInput: unknown,
  start: StreamStart,
  content: B,
): Resolution<z.output<R>> {
  const parsed = descriptor.input.safeParse(rawInput);
  if (!parsed.success) throw ruleInputErrorFromZod(parsed.error);
  const random = start.rngState ? Random.fromState(start.rngState) : Random.fromSeed(start.seed!);
  const transcript = new Transcript();
  const result = descriptor.run(parsed.data, { random, transcript, content });
  refuseUnservableNumbers(result);
  return { result: result as z.output<R>, transcript: transcript.toArray(), seed: start.seed ?? null, rngState: random.state() };
}

/** The largest whole number a GraphQL `Int` carries (a signed 32-bit integer). */
export const LARGEST_SERVED_INT = 2 ** 31 - 1;

/**
 * Each input number fits GraphQL's `Int`, but a sum or a product of them
 * may not, and serializing it would fail as an internal error after the
 * work was done. A result holding such a number is the input's fault:
 * refused, naming the result field it would have overflowed.
 */
function refuseUnservableNumbers(value: unknown, path = ''): void {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) > LARGEST_SERVED_INT) {
      throw new RuleInputError('input', 'result-range', `The result's ${path || 'value'} would be ${value}, beyond ${LARGEST_SERVED_INT}, the largest whole number the API serves: use smaller numbers`);
    }
    return;
  }
  if (Array.isArray(value)) value.forEach((item, i) => refuseUnservableNumbers(item, `${path}[${i}]`));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) refuseUnservableNumbers(item, path ? `${path}.${key}` : key);
}

/** Names the first zod issue the way every rules error does: `characters[2].name`, rule `required`. */
export function ruleInputErrorFromZod(error: z.ZodError): RuleInputError {
  const issue = error.issues[0];
  return new RuleInputError(zodIssueField(issue) || 'input', zodIssueRule(issue), issue.message);
}

/**
 * The GraphQL type of the content a result points at: an interface the
 * content serves several kinds through (`Card`, `Scenario`), a kind's own
 * type, or `ContentItem`. The rules subgraph serves those the content
 * declares as entities as federation references, the others as ids.
 */
export type ContentTypename = string;

/**
 * An id that names a content item, so a result can return the item itself
 * (`setupCards { name tags }` in one round trip) and not only its id. Name
 * the field `<thing>Id` or `<thing>Ids` (or `id` in an item that stands for
 * the content item): the served entity field is `<thing>` or `<thing>s`.
 */
export function contentRef(typename: ContentTypename, description: string): z.ZodString {
  return referenceTo(typename, z.string().min(1).describe(description));
}

/** The content type a schema was declared to reference with `contentRef`, if any. */
export function contentReferenceOf(schema: z.ZodTypeAny): ContentTypename | undefined {
  return graphqlAnnotationsOf(schema).reference as ContentTypename | undefined;
}
