import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { count, LARGEST_SERVED_INT, nameText, refuse, seededRunner } from '@scriptbook/rules-engine';
import { FREE_RESOURCES, MAX_SCAVENGERS, RESOURCE_WEIGHT, TWOM_CORE_HOME } from './twom.rules-data';

const scavenger = z
  .object({ name: nameText('The scavenging Character.'), inventory: count('The Inventory value printed on their card.') })
  .describe('A scavenging Character and what they can carry.');

const lootItem = z
  .object({
    name: nameText('The loot as printed (Wood, Components, Water are resources).'),
    count: count('How many of it.'),
    weight: count('The weight printed on the token\'s icon; the rulebook does not list them. Leave it out for Wood, Components and Water, which weigh 1.').optional(),
  })
  .describe('Loot the group wants to carry back.');

const input = z
  .object({
    scavengers: z.array(scavenger).min(1).max(MAX_SCAVENGERS).describe(`The scavengers, 1 to ${MAX_SCAVENGERS}.`),
    loot: z.array(lootItem).describe('Everything the group wants to carry back.'),
  })
  .strict()
  .describe('The scavengers and their loot.');

const result = z
  .object({
    capacity: count('The sum of the scavengers\' Inventory values.'),
    weight: count('What the loot weighs.'),
    fits: z.boolean().describe('Whether everything can be carried back.'),
    overBy: count('How much too heavy; 0 when it fits. What is not carried is discarded.'),
  })
  .describe('Loot weight against the group\'s Inventory.');

type LootItem = z.output<typeof lootItem>;

function weightOf(item: LootItem, i: number): number {
  if (FREE_RESOURCES.includes(item.name)) {
    if (item.weight !== undefined && item.weight !== RESOURCE_WEIGHT) {
      refuse(`loot[${i}].weight`, 'resource-weight', `${item.name} is a resource and weighs ${RESOURCE_WEIGHT}`);
    }
    return RESOURCE_WEIGHT;
  }
  if (item.weight === undefined) refuse(`loot[${i}].weight`, 'required', `loot[${i}].weight is required for ${item.name}`);
  return item.weight;
}

/** Loot Choice: the group carries up to the sum of its Inventory values. */
export const twomCarryingCapacityProcedure = defineProcedure({
  id: 'twom.carrying-capacity',
  ...TWOM_CORE_HOME,
  field: 'twomCarryingCapacity',
  description: 'Loot Choice: compare the loot weight with the group’s Inventory',
  draws: false,
  input,
  result,
  run: ({ scavengers, loot }, { transcript }) => {
    const weights = loot.map(weightOf);
    const capacity = scavengers.reduce((n, s) => n + s.inventory, 0);
    transcript.add(`Inventory ${scavengers.map((s) => `${s.name} ${s.inventory}`).join(' + ')} = capacity ${capacity}`);
    const weight = loot.reduce((n, item, i) => n + item.count * weights[i], 0);
    if (weight > LARGEST_SERVED_INT) refuse('loot', 'total-range', `The loot weighs ${weight}, more than ${LARGEST_SERVED_INT}, the largest weight the API serves`);
    if (capacity > LARGEST_SERVED_INT) refuse('scavengers', 'total-range', `The Inventory values add up to ${capacity}, more than ${LARGEST_SERVED_INT}, the largest capacity the API serves`);
    transcript.add(`Loot weighs ${loot.map((item, i) => `${item.count}×${item.name} (${weights[i]})`).join(' + ') || 'nothing'} = ${weight}`);
    const fits = weight <= capacity;
    const overBy = Math.max(0, weight - capacity);
    transcript.add(fits ? 'Everything can be carried back' : `${overBy} too heavy: what is not carried is discarded`);
    return { capacity, weight, fits, overBy };
  },
});

export type CarryInput = z.input<typeof input>;
export type CarryResult = z.output<typeof result>;
export const checkCarryingCapacity = seededRunner<CarryInput, CarryResult>(twomCarryingCapacityProcedure);
