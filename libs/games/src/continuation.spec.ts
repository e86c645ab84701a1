import fc from 'fast-check';
import { BoundProcedures, gameContentLibrary } from '@scriptbook/game-host';
import { ROLL_DICE_PROCEDURE_ID } from '@scriptbook/rules-engine';
import { AnyProcedureDescriptor, Random, runProcedure, Transcript } from '@scriptbook/rules-engine';
import { PROCEDURES, RELEASE_CATALOG, WORKED_EXAMPLES as EXAMPLES } from './games';

/**
 * The continuation property, for every drawing procedure in the registry:
 * a resolution started from the rngState a previous one returned draws
 * exactly what the same generator would have drawn next had it gone on.
 * A game's descriptors are covered as soon as its registry line exists.
 */

// The content every service runs the procedures on: bound once, by the game host.
const bound = new BoundProcedures(RELEASE_CATALOG, gameContentLibrary());
const contentFor = (descriptor: AnyProcedureDescriptor): unknown => bound.contentOf(descriptor.id);

/** What the procedure yields when it simply goes on with the generator it already has. */
function runOn(descriptor: AnyProcedureDescriptor, input: unknown, random: Random) {
  const transcript = new Transcript();
  const result = descriptor.run(descriptor.input.parse(input), { random, transcript, content: contentFor(descriptor) });
  return { result: JSON.parse(JSON.stringify(result)) as unknown, transcript: transcript.toArray() };
}

const drawing = PROCEDURES.filter((p) => p.draws);

describe('streams continue from an rngState', () => {
  it('every drawing procedure has a worked example to check it with', () => {
    expect(drawing.filter((p) => !(p.id in EXAMPLES)).map((p) => p.id)).toEqual([]);
  });

  it('rollDice: count a + b from a seed equals count a, then count b from the first answer\'s rngState', () => {
    const rollDiceProcedure = RELEASE_CATALOG.procedure(ROLL_DICE_PROCEDURE_ID)!;
    const die = (EXAMPLES[ROLL_DICE_PROCEDURE_ID] as { die: string }).die;
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (seed, a, b) => {
        const all = runProcedure(rollDiceProcedure, { die, count: a + b }, { seed }, undefined);
        const first = runProcedure(rollDiceProcedure, { die, count: a }, { seed }, undefined);
        const rest = runProcedure(rollDiceProcedure, { die, count: b }, { rngState: first.rngState }, undefined);
        expect([...first.result.values, ...rest.result.values]).toEqual(all.result.values);
        expect(rest.rngState).toEqual(all.rngState);
        expect(rest.seed).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  describe.each(drawing.filter((p) => p.id in EXAMPLES).map((p) => [p.id, p] as const))('%s', (id, descriptor) => {
    it('running from the returned rngState equals going on with the same generator', () => {
      fc.assert(
        fc.property(fc.string(), (seed) => {
          const input = EXAMPLES[id];
          const content = contentFor(descriptor);
          const first = runProcedure(descriptor, input, { seed }, content);
          const next = runProcedure(descriptor, input, { rngState: first.rngState }, content);

          const random = Random.fromSeed(seed);
          const goneOnFirst = runOn(descriptor, input, random);
          const goneOnNext = runOn(descriptor, input, random);
          expect(JSON.parse(JSON.stringify(first.result))).toEqual(goneOnFirst.result);
          expect(JSON.parse(JSON.stringify(next.result))).toEqual(goneOnNext.result);
          expect(next.transcript).toEqual(goneOnNext.transcript);
          expect(next.rngState).toEqual(random.state());
        }),
        { numRuns: 50 },
      );
    });
  });
});
