import { DieDefinition, rollDie } from '../../dice/die';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { BARRICADE_REDUCTION, MIN_GUARDS } from './twom.rules-data';
import { requireArray, requireInt, requireObject, requireOneOf, requireString, requireUniqueNames } from './validate';

/**
 * A Combat die as the caller describes it. The rulebook names Combat dice
 * per weapon but does not print their faces, so each face is given here as
 * its number of icons (shield, knife, bullet); 0 is a blank.
 */
export interface CombatDie {
  readonly name: string;
  readonly faces: readonly number[];
}

export interface NightRaidGuard {
  readonly name: string;
  readonly combatDie: CombatDie;
}

export interface NightRaidInput {
  /** LOSS printed on the drawn Night Raids card. */
  readonly loss: number;
  /** WOUNDS printed on the drawn Night Raids card. */
  readonly wounds: number;
  readonly guards: readonly NightRaidGuard[];
  /** Constructed BARRICADE BOARDS tokens. */
  readonly barricades: number;
  /**
   * Guard icons and barricades may cut Loss "or" Wounds; the rulebook leaves
   * the split to the players, so they say which one to cut first.
   */
  readonly reduceFirst: 'loss' | 'wounds';
}

export interface NightRaidResult {
  readonly guardRolls: readonly { readonly guard: string; readonly icons: number }[];
  readonly reduction: number;
  readonly loss: number;
  readonly wounds: number;
}

function validate(input: NightRaidInput): void {
  requireInt(input?.loss, 'loss', { min: 0 });
  requireInt(input.wounds, 'wounds', { min: 0 });
  requireInt(input.barricades, 'barricades', { min: 0 });
  requireOneOf(input.reduceFirst, 'reduceFirst', ['loss', 'wounds'] as const);
  const guards = requireArray<NightRaidGuard>(input.guards, 'guards');
  if (guards.length < MIN_GUARDS) {
    throw new RuleInputError('guards', 'min', `There must be at least ${MIN_GUARDS} guard`);
  }
  guards.forEach((g, i) => {
    requireString(g?.name, `guards[${i}].name`);
    requireObject(g.combatDie, `guards[${i}].combatDie`);
    requireString(g.combatDie.name, `guards[${i}].combatDie.name`);
    requireArray<number>(g.combatDie.faces, `guards[${i}].combatDie.faces`, { min: 1 }).forEach((f, j) =>
      requireInt(f, `guards[${i}].combatDie.faces[${j}]`, { min: 0 }),
    );
  });
  requireUniqueNames(guards.map((g) => g.name), 'guards');
}

function toDie(die: CombatDie): DieDefinition {
  return { id: `combat:${die.name}`, name: die.name, faces: die.faces };
}

/** Night Raid: one Combat die per guard, then barricades, against Loss and Wounds. */
export function resolveNightRaid(input: NightRaidInput, seed: string): Resolution<NightRaidResult> {
  validate(input);
  return resolve(seed, (random, transcript) => {
    transcript.add(`Night Raid card: Loss ${input.loss}, Wounds ${input.wounds}`);
    const guardRolls = input.guards.map((g) => {
      const roll = rollDie(random, toDie(g.combatDie));
      const icons = roll.value as number;
      transcript.add(`${g.name} rolled the ${g.combatDie.name}: ${icons} icon${icons === 1 ? '' : 's'}`, {
        die: roll.die,
        value: icons,
      });
      return { guard: g.name, icons };
    });
    const icons = guardRolls.reduce((n, g) => n + g.icons, 0);
    const barricade = input.barricades * BARRICADE_REDUCTION;
    if (input.barricades > 0) transcript.add(`${input.barricades} Barricade Boards token${input.barricades > 1 ? 's' : ''}: −${barricade}`);
    const reduction = icons + barricade;
    const first = input.reduceFirst;
    const amounts = { loss: input.loss, wounds: input.wounds };
    const second = first === 'loss' ? 'wounds' : 'loss';
    const cutFirst = Math.min(reduction, amounts[first]);
    amounts[first] -= cutFirst;
    amounts[second] -= Math.min(reduction - cutFirst, amounts[second]);
    transcript.add(`Reduced by ${reduction} (${first} first): Loss ${input.loss} → ${amounts.loss}, Wounds ${input.wounds} → ${amounts.wounds}`);
    return { guardRolls, reduction, loss: amounts.loss, wounds: amounts.wounds };
  });
}
