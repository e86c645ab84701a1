import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { CHARACTERS_PER_BED, MAX_SCAVENGERS, MIN_GUARDS, NIGHT_TASK_RULES, NIGHT_TASKS, NightTask } from './twom.rules-data';
import { requireArray, requireInt, requireOneOf, requireString, requireStringList, requireUniqueNames } from './validate';

export interface NightCharacter {
  readonly name: string;
  readonly tiredness: number;
  readonly task: NightTask;
  /** The BED card slept in, for the `bed` task. */
  readonly bed?: string;
}

export interface NightInput {
  readonly characters: readonly NightCharacter[];
  /** BED cards in the Shelter. */
  readonly beds: readonly string[];
}

export interface NightResult {
  readonly assignments: Readonly<Record<NightTask, readonly string[]>>;
  readonly tiredness: Readonly<Record<string, number>>;
}

function validate(input: NightInput): void {
  const beds = requireStringList(input?.beds, 'beds');
  requireUniqueNames(beds, 'beds', '');
  const characters = requireArray<NightCharacter>(input.characters, 'characters', { min: 1 });
  const bedUse = new Map<string, number>();
  characters.forEach((c, i) => {
    requireString(c?.name, `characters[${i}].name`);
    requireInt(c.tiredness, `characters[${i}].tiredness`, { min: 0 });
    requireOneOf(c.task, `characters[${i}].task`, NIGHT_TASKS);
    if (c.task === 'bed') {
      const bed = requireString(c.bed, `characters[${i}].bed`);
      if (!beds.includes(bed)) {
        throw new RuleInputError(`characters[${i}].bed`, 'unknown-bed', `characters[${i}].bed "${bed}" is not one of the BED cards`);
      }
      const used = (bedUse.get(bed) ?? 0) + 1;
      if (used > CHARACTERS_PER_BED) {
        throw new RuleInputError(`characters[${i}].bed`, 'max', `Place up to ${CHARACTERS_PER_BED} Character on 1 BED card: "${bed}" is taken`);
      }
      bedUse.set(bed, used);
    }
  });
  requireUniqueNames(characters.map((c) => c.name), 'characters');
  const guards = characters.filter((c) => c.task === 'guard').length;
  if (guards < MIN_GUARDS) {
    throw new RuleInputError('characters', 'min', `There must be at least ${MIN_GUARDS} guard; none is assigned`);
  }
  const scavengers = characters.filter((c) => c.task === 'scavenge').length;
  if (scavengers > MAX_SCAVENGERS) {
    throw new RuleInputError('characters', 'max', `Place up to ${MAX_SCAVENGERS} Characters in the Loot Pile space; ${scavengers} assigned`);
  }
}

/** Tiredness has no printed floor; it is kept at 0 or more ("reset to zero"). */
function tirednessAfter(task: NightTask, tiredness: number): number {
  const rule = NIGHT_TASK_RULES[task].tiredness;
  return 'set' in rule ? rule.set : Math.max(0, tiredness + rule.change);
}

/** Checks the Night assignment against the rulebook and applies Tiredness. */
export function assignNight(input: NightInput, seed: string): Resolution<NightResult> {
  validate(input);
  return resolve(seed, (_random, transcript) => {
    const assignments: Record<NightTask, string[]> = { bed: [], floor: [], guard: [], scavenge: [] };
    const tiredness: Record<string, number> = {};
    for (const c of input.characters) {
      assignments[c.task].push(c.name);
      tiredness[c.name] = tirednessAfter(c.task, c.tiredness);
      const where = c.task === 'bed' ? ` (${c.bed})` : '';
      transcript.add(`${c.name}: ${NIGHT_TASK_RULES[c.task].title}${where} — Tiredness ${c.tiredness} → ${tiredness[c.name]}`);
    }
    transcript.add(
      `${assignments.guard.length} on guard (at least ${MIN_GUARDS} needed), ${assignments.scavenge.length} scavenging (up to ${MAX_SCAVENGERS})`,
    );
    return { assignments, tiredness };
  });
}
