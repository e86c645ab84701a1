import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { count, nameText, refuse, seededRunner, uniqueStrings } from '@scriptbook/rules-engine';
import { rollBlack, rollOnTable } from '../core/black-die';
import { rerollAllowanceSchema, rollWithProwess, tacticsGroupSchema } from './prowess';
import {
  ALARM_TABLE,
  FLEE_MOVE,
  HIDE_MARK_DISTANCE,
  MAP_SIDE,
  SOLDIER_MINIS,
  TACTICS_TOKENS,
  TOKENS_PER_DOUBLE_ICON,
  TOKENS_PER_SINGLE_ICON,
  TACTICS_HOME,
  UNMARK_TABLE,
} from './twom-tactics.rules-data';

const blackRoll = (description: string) => z.number().int().min(1).max(10).describe(description);

const mapSetupInput = z
  .object({
    locationSize: describedEnum('TacticsLocationSize', {
      small: 'A Small Location: side B of the Tactics Map.',
      medium: 'A Medium Location: side A of the Tactics Map.',
      large: 'A Large Location: side A of the Tactics Map.',
    }).describe('The size printed on the Location being scavenged.'),
    singleIconSpaces: count('Spaces with a single Tactics-token icon on the chosen side; the rulebook does not count them.'),
    doubleIconSpaces: count('Spaces with a double Tactics-token icon on the chosen side; the rulebook does not count them.'),
  })
  .strict()
  .describe('The Location size and the Tactics-token icons of the map side.');

const mapSetupResult = z
  .object({
    side: describedEnum('TacticsMapSide', { A: 'Side A of the Tactics Map.', B: 'Side B of the Tactics Map.' }).describe('The map side to use.'),
    tokensPlaced: count('Tactics tokens placed on the map.'),
    tokensLeft: count(`Tactics tokens left of the ${TACTICS_TOKENS}.`),
  })
  .describe('The map side and the Tactics tokens placed.');

/** Setup: the map side from the Location's size, then the Tactics tokens. */
export const tacticsMapSetupProcedure = defineProcedure({
  id: 'twom-tactics.map-setup',
  ...TACTICS_HOME,
  field: 'tacticsMapSetup',
  description: 'Tactics Map side from the Location size, and Tactics tokens',
  draws: false,
  input: mapSetupInput,
  result: mapSetupResult,
  run: ({ locationSize: size, singleIconSpaces: single, doubleIconSpaces: double }, { transcript }) => {
    const placed = single * TOKENS_PER_SINGLE_ICON + double * TOKENS_PER_DOUBLE_ICON;
    if (placed > TACTICS_TOKENS) refuse('doubleIconSpaces', 'max', `Those spaces need ${placed} Tactics tokens but the game has ${TACTICS_TOKENS}`);
    const side = MAP_SIDE[size];
    transcript.add(`A ${size} Location: use side ${side} of the Tactics Map`);
    transcript.add(`Placed ${placed} Tactics tokens (${single} single-icon spaces × ${TOKENS_PER_SINGLE_ICON}, ${double} double-icon spaces × ${TOKENS_PER_DOUBLE_ICON})`);
    return { side, tokensPlaced: placed, tokensLeft: TACTICS_TOKENS - placed };
  },
});

const startingSpacesInput = z
  .object({
    characters: z
      .array(nameText('A Character.'))
      .min(1)
      .superRefine(uniqueStrings)
      .describe('The Characters entering the Tactics Map, at least one, each once.'),
  })
  .strict()
  .describe('The Characters to place.');

const startingSpacesResult = z
  .object({
    spaces: z.record(blackRoll('The starting space, the Black-die result.')).describe('Each Character → their starting space.'),
    groups: z
      .array(
        named(
          'TacticsStartingGroup',
          z
            .object({ space: blackRoll('The space.'), characters: z.array(z.string()).describe('Characters on it; more than one form a group.') })
            .describe('The Characters starting on one space.'),
        ),
      )
      .describe('Characters by starting space, lowest space first.'),
  })
  .describe('Where each Character starts.');

/** "Roll the Black die for each Character in the group and place the Characters on the spaces ... that correspond to the results". */
export const tacticsStartingSpacesProcedure = defineProcedure({
  id: 'twom-tactics.starting-spaces',
  ...TACTICS_HOME,
  field: 'tacticsStartingSpaces',
  description: 'A Black-die roll per Character for its starting space',
  draws: true,
  input: startingSpacesInput,
  result: startingSpacesResult,
  run: ({ characters: names }, { random, transcript }) => {
    const spaces: Record<string, number> = {};
    for (const name of names) spaces[name] = rollBlack(random, transcript, `${name}'s starting space`);
    const bySpace = new Map<number, string[]>();
    names.forEach((n) => bySpace.set(spaces[n], [...(bySpace.get(spaces[n]) ?? []), n]));
    const groups = [...bySpace.entries()].sort(([a], [b]) => a - b).map(([space, characters]) => ({ space, characters }));
    groups
      .filter((group) => group.characters.length > 1)
      .forEach((group) => transcript.add(`${group.characters.join(' and ')} share space ${group.space} and form a group`));
    return { spaces, groups };
  },
});

const testInput = (kind: 'Hide' | 'Noise', colour: string) =>
  z
    .object({
      group: tacticsGroupSchema,
      actionModifier: z.number().int().describe(`The ${kind} modifier of the performed Action.`),
      spaceValue: z.number().int().describe(`The ${colour} (${kind}) number on the space the move ended on.`),
      useProwess: z.boolean().describe('Whether the group uses its Prowess to reroll a bad result (the lowest Prowess of the group).'),
    })
    .strict()
    .describe(`A ${kind} test: the group, the Action modifier, the space number and whether to use Prowess.`);

const hideResult = z
  .object({
    hide: z.number().int().describe('The Hide statistic: Action modifier + blue number.'),
    rolls: z.array(blackRoll('A Black-die roll.')).describe('Every roll, first to last; the last one counts.'),
    rerollsAllowed: rerollAllowanceSchema,
    spotted: z.boolean().describe('True when an Enemy spotted the group and Combat begins.'),
    markEnemySpacesAway: count('Where to mark the Enemy when not spotted: 2 spaces away.').optional(),
  })
  .describe('The Hide test and its outcome.');

/** Hide test: "If the result is lower than or equal to the Hide statistic, an Enemy did not spot you." */
export const tacticsHideTestProcedure = defineProcedure({
  id: 'twom-tactics.hide-test',
  ...TACTICS_HOME,
  field: 'tacticsHideTest',
  description: 'Hide test: Action modifier + blue number against the Black die, with Prowess rerolls',
  draws: true,
  input: testInput('Hide', 'blue'),
  result: hideResult,
  run: ({ group, actionModifier, spaceValue, useProwess }, { random, transcript }) => {
    const target = actionModifier + spaceValue;
    transcript.add(`Hide = Action modifier ${actionModifier} + blue number ${spaceValue} = ${target}`);
    const { rolls, final, rerollsAllowed } = rollWithProwess(random, transcript, `the Hide test (Hide ${target})`, group, useProwess, (r) => r <= target);
    if (final <= target) {
      transcript.add(`${final} ≤ Hide ${target}: the Enemy did not spot you. Mark the Enemy ${HIDE_MARK_DISTANCE} spaces away`);
      return { hide: target, rolls, rerollsAllowed, spotted: false, markEnemySpacesAway: HIDE_MARK_DISTANCE };
    }
    transcript.add(`${final} > Hide ${target}: an Enemy has spotted you and Combat begins`);
    return { hide: target, rolls, rerollsAllowed, spotted: true };
  },
});

const noiseResult = z
  .object({
    noise: z.number().int().describe('The Noise statistic: Action modifier + red number.'),
    rolls: z.array(blackRoll('A Black-die roll.')).describe('Every roll, first to last; the last one counts.'),
    rerollsAllowed: rerollAllowanceSchema,
    heard: z.boolean().describe('True when an Enemy heard the group: resolve a Noise card.'),
  })
  .describe('The Noise test and its outcome.');

/** Noise test: "If the result is lower than or equal to the Noise, an Enemy has heard you – resolve a Noise card." */
export const tacticsNoiseTestProcedure = defineProcedure({
  id: 'twom-tactics.noise-test',
  ...TACTICS_HOME,
  field: 'tacticsNoiseTest',
  description: 'Noise test: Action modifier + red number against the Black die, with Prowess rerolls',
  draws: true,
  input: testInput('Noise', 'red'),
  result: noiseResult,
  run: ({ group, actionModifier, spaceValue, useProwess }, { random, transcript }) => {
    const target = actionModifier + spaceValue;
    transcript.add(`Noise = Action modifier ${actionModifier} + red number ${spaceValue} = ${target}`);
    const { rolls, final, rerollsAllowed } = rollWithProwess(random, transcript, `the Noise test (Noise ${target})`, group, useProwess, (r) => r > target);
    const heard = final <= target;
    transcript.add(heard ? `${final} ≤ Noise ${target}: an Enemy has heard you – resolve a Noise card` : `${final} > Noise ${target}: no Enemies heard you`);
    return { noise: target, rolls, rerollsAllowed, heard };
  },
});

const unmarkInput = z
  .object({
    marked: z
      .array(nameText('A marked Enemy, by its space or a label.'))
      .max(SOLDIER_MINIS)
      .superRefine(uniqueStrings)
      .describe(`The marked Enemies, up to ${SOLDIER_MINIS} (the Soldier minis), each label once.`),
  })
  .strict()
  .describe('The Enemies marked at the start of the turn.');

const unmarkResult = z
  .object({
    rolls: z.record(blackRoll('The roll for this Enemy.')).describe('Each marked Enemy → its Black-die roll.'),
    unmarked: z.array(z.string()).describe('Enemies unmarked (1-3).'),
    stillMarked: z.array(z.string()).describe('Enemies that stay marked.'),
  })
  .describe('Which Enemies stay marked.');

/** "At the beginning of each turn roll the Black die for each marked Enemy." */
export const tacticsUnmarkEnemiesProcedure = defineProcedure({
  id: 'twom-tactics.unmark-enemies',
  ...TACTICS_HOME,
  field: 'tacticsUnmarkEnemies',
  description: 'Start of turn: 1-3 unmarks each marked Enemy',
  draws: true,
  input: unmarkInput,
  result: unmarkResult,
  run: ({ marked }, { random, transcript }) => {
    const rolls: Record<string, number> = {};
    const unmarked: string[] = [];
    const still: string[] = [];
    for (const m of marked) {
      const { roll, row } = rollOnTable(random, transcript, UNMARK_TABLE, `the Enemy marked at ${m}`);
      rolls[m] = roll;
      (row.outcome ? unmarked : still).push(m);
    }
    if (marked.length === 0) transcript.add('No Enemy is marked: nothing to roll');
    return { rolls, unmarked, stillMarked: still };
  },
});

const alarmInput = z
  .object({ shooter: nameText('Who fired: a Character or an Enemy.') })
  .strict()
  .describe('A Firearm was used.');

const alarmResult = z
  .object({ roll: blackRoll('The Black-die roll.'), alarm: z.boolean().describe('True on 1-5: activate the Alarm card.') })
  .describe('Whether the shot raised the Alarm.');

/** "Whenever a Character or an Enemy uses a Firearm ... roll the Black die. Result = 1-5 – activate the Alarm card." */
export const tacticsAlarmRollProcedure = defineProcedure({
  id: 'twom-tactics.alarm-roll',
  ...TACTICS_HOME,
  field: 'tacticsAlarmRoll',
  description: 'Firearm used: 1-5 activates the Alarm card',
  draws: true,
  input: alarmInput,
  result: alarmResult,
  run: ({ shooter }, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, ALARM_TABLE, `${shooter}'s shot`);
    return { roll, alarm: row.outcome };
  },
});

const fleeInput = z
  .object({ fleeing: z.array(nameText('A fleeing Character.')).min(1).describe('The Characters fleeing the Combat, at least one.') })
  .strict()
  .describe('Who flees.');

const fleeResult = z
  .object({
    steps: z.array(z.string()).describe('What happens, in order.'),
    move: count('Spaces the fleeing Characters move from the Combat Location.'),
    alarm: z.boolean().describe('Always true: fleeing activates the Alarm card.'),
    turnEnds: z.boolean().describe('Always true: fleeing finishes the turn.'),
  })
  .describe('The steps of fleeing from Combat.');

/** Fleeing from Combat in Tactics mode; no die is rolled by this rule itself. */
export const tacticsFleeProcedure = defineProcedure({
  id: 'twom-tactics.flee',
  ...TACTICS_HOME,
  field: 'tacticsFlee',
  description: 'Fleeing from Combat: Backstab, move 3 spaces, Alarm, end of turn',
  draws: false,
  input: fleeInput,
  result: fleeResult,
  run: ({ fleeing }, { transcript }) => {
    const who = fleeing.join(' and ');
    const steps = [
      `An Enemy performs a Backstab on ${who}`,
      `After the Backstab, ${who} move${fleeing.length > 1 ? '' : 's'} ${FLEE_MOVE} spaces from the Combat Location`,
      'Activate the Alarm card',
      'Finish the turn',
    ];
    steps.forEach((s) => transcript.add(s));
    return { steps, move: FLEE_MOVE, alarm: true, turnEnds: true };
  },
});

export const setupTacticsMap = seededRunner<z.input<typeof mapSetupInput>, z.output<typeof mapSetupResult>>(tacticsMapSetupProcedure);
export const rollStartingSpaces = seededRunner<z.input<typeof startingSpacesInput>, z.output<typeof startingSpacesResult>>(tacticsStartingSpacesProcedure);
export type TestInput = z.input<ReturnType<typeof testInput>>;
export const hideTest = seededRunner<TestInput, z.output<typeof hideResult>>(tacticsHideTestProcedure);
export const noiseTest = seededRunner<TestInput, z.output<typeof noiseResult>>(tacticsNoiseTestProcedure);
export const unmarkEnemies = seededRunner<z.input<typeof unmarkInput>, z.output<typeof unmarkResult>>(tacticsUnmarkEnemiesProcedure);
export const alarmRoll = seededRunner<z.input<typeof alarmInput>, z.output<typeof alarmResult>>(tacticsAlarmRollProcedure);
export const fleeCombat = seededRunner<z.input<typeof fleeInput>, z.output<typeof fleeResult>>(tacticsFleeProcedure);
