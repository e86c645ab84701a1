import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { FREE_RESOURCES, MAX_SCAVENGERS, RESOURCE_WEIGHT } from './twom.rules-data';
import { requireArray, requireInt, requireString } from './validate';

export interface Scavenger {
  readonly name: string;
  readonly inventory: number;
}

export interface LootItem {
  readonly name: string;
  readonly count: number;
  /**
   * The weight printed on a token's icon; the rulebook does not list them.
   * Leave it out for Wood, Components and Water, which weigh 1.
   */
  readonly weight?: number;
}

export interface CarryInput {
  readonly scavengers: readonly Scavenger[];
  readonly loot: readonly LootItem[];
}

export interface CarryResult {
  readonly capacity: number;
  readonly weight: number;
  readonly fits: boolean;
  readonly overBy: number;
}

function weightOf(item: LootItem, i: number): number {
  if (FREE_RESOURCES.includes(item.name)) {
    if (item.weight !== undefined && item.weight !== RESOURCE_WEIGHT) {
      throw new RuleInputError(`loot[${i}].weight`, 'resource-weight', `${item.name} is a resource and weighs ${RESOURCE_WEIGHT}`);
    }
    return RESOURCE_WEIGHT;
  }
  return requireInt(item.weight, `loot[${i}].weight`, { min: 0 });
}

/** Loot Choice: the group carries up to the sum of its Inventory values. */
export function checkCarryingCapacity(input: CarryInput, seed: string): Resolution<CarryResult> {
  const scavengers = requireArray<Scavenger>(input?.scavengers, 'scavengers', { min: 1, max: MAX_SCAVENGERS });
  scavengers.forEach((s, i) => {
    requireString(s?.name, `scavengers[${i}].name`);
    requireInt(s.inventory, `scavengers[${i}].inventory`, { min: 0 });
  });
  const loot = requireArray<LootItem>(input.loot, 'loot');
  const weights = loot.map((item, i) => {
    requireString(item?.name, `loot[${i}].name`);
    requireInt(item.count, `loot[${i}].count`, { min: 0 });
    return weightOf(item, i);
  });
  return resolve(seed, (_random, transcript) => {
    const capacity = scavengers.reduce((n, s) => n + s.inventory, 0);
    transcript.add(`Inventory ${scavengers.map((s) => `${s.name} ${s.inventory}`).join(' + ')} = capacity ${capacity}`);
    const weight = loot.reduce((n, item, i) => n + item.count * weights[i], 0);
    transcript.add(`Loot weighs ${loot.map((item, i) => `${item.count}×${item.name} (${weights[i]})`).join(' + ') || 'nothing'} = ${weight}`);
    const fits = weight <= capacity;
    const overBy = Math.max(0, weight - capacity);
    transcript.add(fits ? 'Everything can be carried back' : `${overBy} too heavy: what is not carried is discarded`);
    return { capacity, weight, fits, overBy };
  });
}
