import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { count, nameText, plain, refuse, seededRunner, uniqueNames, uniqueStrings } from '@scriptbook/rules-engine';
import { CHARACTERS_PER_BED, LOWEST_LEVEL, MAX_SCAVENGERS, MIN_GUARDS, NIGHT_TASK_RULES, NightTask, TIREDNESS_FLOOR_REASONING, TWOM_CORE_HOME } from './twom.rules-data';

const nightTask = describedEnum('TwomNightTask', {
  bed: 'Sleeps in a BED card.',
  floor: 'Sleeps on the floor.',
  guard: 'Guards the Shelter (at least one must).',
  scavenge: 'Goes scavenging, in the Loot Pile space (up to 3).',
}).describe('Where a Character spends the Night.');

const nightCharacter = z
  .object({
    name: nameText('The Character, unique within the list.'),
    tiredness: count('Current Tiredness level.'),
    task: nightTask,
    bed: plain(z.string().min(1)).optional().describe('The BED card slept in; required for the `bed` task, one of `beds`.'),
  })
  .describe('A Character and their Night task.');

const input = z
  .object({
    characters: z.array(nightCharacter).min(1).superRefine(uniqueNames).describe('The Characters in the Shelter, at least one, each name once.'),
    beds: z.array(nameText('A BED card.')).superRefine(uniqueStrings).describe('BED cards in the Shelter, each once.'),
  })
  .strict()
  .describe('The Night assignment to check.');

const names = (description: string) => z.array(z.string()).describe(description);

const result = z
  .object({
    assignments: named(
      'TwomNightAssignments',
      z
        .object({
          bed: names('Characters sleeping in a BED.'),
          floor: names('Characters sleeping on the floor.'),
          guard: names('Characters on guard.'),
          scavenge: names('Characters scavenging.'),
        })
        .describe('Who does what tonight, per task.'),
    ),
    tiredness: z.record(z.number().int()).describe('Each Character → Tiredness after the Night; kept at 0 or more, a lowest level no rulebook prints (the step that stops there says so, `inferred`).'),
  })
  .describe('The checked assignment and Tiredness after the Night.');

type NightInput = z.output<typeof input>;

/** Rules that need the whole assignment: beds exist and hold one each, a guard, at most 3 scavengers. */
function checkNight({ characters, beds }: NightInput): void {
  const bedUse = new Map<string, number>();
  characters.forEach((c, i) => {
    if (c.task !== 'bed') return;
    if (c.bed === undefined) refuse(`characters[${i}].bed`, 'required', `characters[${i}].bed is required for the bed task`);
    if (!beds.includes(c.bed)) refuse(`characters[${i}].bed`, 'unknown-bed', `characters[${i}].bed "${c.bed}" is not one of the BED cards`);
    const used = (bedUse.get(c.bed) ?? 0) + 1;
    if (used > CHARACTERS_PER_BED) refuse(`characters[${i}].bed`, 'max', `Place up to ${CHARACTERS_PER_BED} Character on 1 BED card: "${c.bed}" is taken`);
    bedUse.set(c.bed, used);
  });
  const guards = characters.filter((c) => c.task === 'guard').length;
  if (guards < MIN_GUARDS) refuse('characters', 'min', `There must be at least ${MIN_GUARDS} guard; none is assigned`);
  const scavengers = characters.filter((c) => c.task === 'scavenge').length;
  if (scavengers > MAX_SCAVENGERS) refuse('characters', 'max', `Place up to ${MAX_SCAVENGERS} Characters in the Loot Pile space; ${scavengers} assigned`);
}

/** Tiredness after a task, and whether it stopped at the lowest level, which no rulebook prints. */
function tirednessAfter(task: NightTask, tiredness: number): { readonly level: number; readonly floored: boolean } {
  const rule = NIGHT_TASK_RULES[task].tiredness;
  if ('set' in rule) return { level: rule.set, floored: false };
  const level = tiredness + rule.change;
  return level < LOWEST_LEVEL ? { level: LOWEST_LEVEL, floored: true } : { level, floored: false };
}

/** Checks the Night assignment against the rulebook and applies Tiredness. */
export const twomNightAssignmentProcedure = defineProcedure({
  id: 'twom.night-assignment',
  ...TWOM_CORE_HOME,
  field: 'twomNightAssignment',
  description: 'Night: check beds, guards and scavengers and apply Tiredness',
  draws: false,
  input,
  result,
  run: (night, { transcript }) => {
    checkNight(night);
    const input = night;
    const assignments: Record<NightTask, string[]> = { bed: [], floor: [], guard: [], scavenge: [] };
    const tiredness: Record<string, number> = {};
    for (const c of input.characters) {
      assignments[c.task].push(c.name);
      const after = tirednessAfter(c.task, c.tiredness);
      tiredness[c.name] = after.level;
      const where = c.task === 'bed' ? ` (${c.bed})` : '';
      const step = `${c.name}: ${NIGHT_TASK_RULES[c.task].title}${where} — Tiredness ${c.tiredness} → ${after.level}`;
      if (after.floored) transcript.add(`${step} (inferred: no lower level is printed)`, { inference: { reasoning: TIREDNESS_FLOOR_REASONING } });
      else transcript.add(step);
    }
    transcript.add(
      `${assignments.guard.length} on guard (at least ${MIN_GUARDS} needed), ${assignments.scavenge.length} scavenging (up to ${MAX_SCAVENGERS})`,
    );
    return { assignments, tiredness };
  },
});

export type NightResult = z.output<typeof result>;
export type { NightInput };
export const assignNight = seededRunner<z.input<typeof input>, NightResult>(twomNightAssignmentProcedure);
