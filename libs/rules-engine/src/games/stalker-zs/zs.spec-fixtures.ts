import { DieDefinition, rollDie } from '../../dice/die';
import { Random } from '../../rng/random';
import { zsSetupContentFromItems, ZsContentLike } from './zs.from-content';
import { zsPaddedEventDeck } from './zs.examples';
import { ZoneSurvivalSetupContent } from './zs.types';

/** Pack content with the Event deck padded to the box's 70 cards. */
export function zsTestContent(items: readonly ZsContentLike[]): ZoneSurvivalSetupContent {
  const content = zsSetupContentFromItems(items);
  return { ...content, eventDeck: zsPaddedEventDeck(content.eventDeck ?? []) };
}

/** A seed whose first roll of `die` shows `face`, to put a procedure on an exact branch. */
export function zsSeedForFace(die: DieDefinition, face: string | number, prefix = 'face'): string {
  for (let i = 0; i < 100_000; i++) {
    const seed = `${prefix}-${i}`;
    if (rollDie(Random.fromSeed(seed), die).value === face) return seed;
  }
  throw new Error(`no seed rolls ${face}`);
}
