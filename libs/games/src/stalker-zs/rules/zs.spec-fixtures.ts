import { DieDefinition, rollDie } from '@scriptbook/rules-engine';
import { AnyProcedureDescriptor, ContentItemLike, runProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Resolution } from '@scriptbook/rules-engine';
import { ZS_EXAMPLE_DIE } from './zs.examples';

/** "70 Event cards" (Component List). */
export const ZS_EVENT_DECK_SIZE = 70;

/**
 * Pack items plus placeholder Event cards up to the box's 70, named as such,
 * so a spec can reach the branch where the whole Event deck is known.
 */
export function withWholeEventDeck(items: readonly ContentItemLike[]): readonly ContentItemLike[] {
  const printed = items.filter((i) => i.kind === 'zs-card' && i.cardType === 'event').length;
  const padding = Array.from({ length: ZS_EVENT_DECK_SIZE - printed }, (_, i) => ({
    kind: 'zs-card',
    id: `placeholder:event:${i + 1}`,
    name: `Placeholder Event ${i + 1}`,
    cardType: 'event',
    tags: [],
    tagsKnown: false,
    scoreModifier: null,
    fateTriggers: null,
  }));
  return [...items, ...padding];
}

/** Runs Zone Survival descriptors on one set of items, bound once, from seeds. */
export function zsRunner(items: readonly ContentItemLike[]) {
  const bound = new Map<AnyProcedureDescriptor, unknown>();
  return <R = any>(procedure: AnyProcedureDescriptor, input: unknown, seed = 's'): Resolution<R> => {
    if (!bound.has(procedure)) bound.set(procedure, procedure.bind?.(items));
    return runProcedure(procedure, input, { seed }, bound.get(procedure)) as Resolution<R>;
  };
}

/** A seed whose first roll of `die` shows `face`, to put a procedure on an exact branch. */
export function zsSeedForFace(face: string | number, die: DieDefinition = ZS_EXAMPLE_DIE, prefix = 'face'): string {
  for (let i = 0; i < 100_000; i++) {
    const seed = `${prefix}-${i}`;
    if (rollDie(Random.fromSeed(seed), die).value === face) return seed;
  }
  throw new Error(`no seed rolls ${face}`);
}

export const ruleError = (field: string, rule: string) => expect.objectContaining({ name: 'RuleInputError', field, rule });
